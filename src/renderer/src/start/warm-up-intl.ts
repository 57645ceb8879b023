/**
 * Reads the language data of dates and numbers in a worker, in parallel with the app's loading
 * (see intl-warm-up.worker.ts). Only a head start: without it the first formatter pays.
 */
export function warmUpIntl(): void {
  try {
    const worker = new Worker(new URL("./intl-warm-up.worker.ts", import.meta.url), { type: "module", name: "intl-warm-up" });
    const done = () => worker.terminate();
    worker.addEventListener("message", done);
    worker.addEventListener("error", done);
  } catch {
    // No worker here: nothing is lost but the head start.
  }
}
