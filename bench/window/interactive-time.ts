/**
 * When the live sidebar answers input at launch: its rows rendered, and no long task (50 ms or
 * more, as the page's observer reports them) holding the main thread from the task that rendered
 * them until the reopened conversation is shown. A short task after the rows delays a click by
 * less than the browser's own measure of a slow page; a long one is waited for: the end of the
 * last such task, else the rows' time.
 * Plain JavaScript in a string, run in the page (as the probes are) and here by the tests.
 */
export const INTERACTIVE_AT = String.raw`((rows, shown, longTasks) => {
  let end = rows;
  for (const t of longTasks) if (t.start <= shown && t.start + t.duration >= rows) end = Math.max(end, t.start + t.duration);
  return end;
})`;

export interface LongTask {
  start: number;
  duration: number;
}

/** INTERACTIVE_AT as a function of this process, for the tests. */
export const interactiveAt = new Function(`return ${INTERACTIVE_AT}`)() as (rows: number, shown: number, longTasks: LongTask[]) => number;
