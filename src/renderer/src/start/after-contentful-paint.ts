/**
 * The first screen's paint, as the page's own timeline tells it: `then` runs once the first
 * contentful paint is listed there. Chromium lists it when the frame reaches the screen, which on
 * a busy machine comes a frame or more after the two animation frames that follow the render: the
 * work that waits for the first screen (the main process starting MCP servers, the requests for
 * what the screen does not show) would otherwise share the cores with putting it on screen.
 * A page that never lists it (a window not shown) goes on after a moment.
 */

/** The longest the page waits for a paint that may not be listed. */
const AT_MOST_MS = 1_000;
const CONTENTFUL = "first-contentful-paint";

export function afterContentfulPaint(then: () => void): void {
  let done = false;
  let observer: PerformanceObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    if (timer !== null) clearTimeout(timer);
    then();
  };
  if (performance.getEntriesByName(CONTENTFUL).length > 0 || typeof PerformanceObserver === "undefined") return once();
  timer = setTimeout(once, AT_MOST_MS);
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(CONTENTFUL).length > 0) once();
  });
  observer.observe({ type: "paint", buffered: true });
}
