/**
 * The browser's own floor for a streamed reply: a bare page of the same size shows the same words
 * growing at the same pace and follows the end, with none of the app (no Markdown, no React, no
 * messages from a main process). Each render adds the characters that came since the last one to
 * the last paragraph, a new paragraph at each empty line, at most every other frame (as the
 * window renders streamed words), and keeps the view at the end. Its page's
 * main-thread CPU, beside the window's for the same reply, says how much of the window's is the
 * browser showing text at all.
 */
import { TRACE_CATEGORIES, taskCpuTimes } from "./trace-summary";
import { openFirstLaunch } from "./first-launch";

/** At most every other frame, as the window renders streamed words (its STREAM_RENDER_MS, stream-batching.ts). */
const RENDER_EVERY_MS = 30;

/** A column and a scroller about the window's: 1280 x 800, text 760 px wide. */
const PAGE = `data:text/html,${encodeURIComponent(`<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; height: 100%; font: 15px/1.6 system-ui, sans-serif; }
#scroller { height: 100%; overflow: auto; }
#column { max-width: 760px; margin: 0 auto; padding: 16px; }
</style></head><body><div id="scroller"><div id="column"></div></div></body></html>`)}`;

export interface FloorStream {
  /** The page's main-thread CPU while the text grew, ms. */
  mainCpuMs: number;
  renders: number;
}

/** `text` shown growing over `durationMs` in the bare page, in a new browser on a new profile. */
export async function markdownFloor(text: string, durationMs: number, settle: boolean): Promise<FloorStream> {
  const { page, close } = await openFirstLaunch(settle);
  try {
    await page.goto(PAGE);
    const grow = `new Promise((resolve) => {
      const text = ${JSON.stringify(text)}, duration = ${durationMs}, every = ${RENDER_EVERY_MS};
      const scroller = document.getElementById("scroller"), column = document.getElementById("column");
      let paragraph = null, shown = 0, renders = 0, last = -Infinity, start = null;
      const frame = (now) => {
        start ??= now;
        if (now - last >= every) {
          last = now;
          const upTo = Math.min(text.length, Math.round(text.length * (now - start) / duration));
          for (const [i, piece] of text.slice(shown, upTo).split("\\n\\n").entries()) {
            if (i > 0 || !paragraph) column.appendChild(paragraph = document.createElement("p")).appendChild(document.createTextNode(""));
            paragraph.firstChild.appendData(piece);
          }
          shown = upTo;
          renders++;
          scroller.scrollTop = scroller.scrollHeight;
          if (shown === text.length) return requestAnimationFrame(() => requestAnimationFrame(() => resolve(renders)));
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })`;
    const { result, trace } = await page.trace(TRACE_CATEGORIES, () => page.evaluate<number>(grow));
    return { mainCpuMs: taskCpuTimes(trace).totalCpuMs, renders: result };
  } finally {
    await close();
  }
}
