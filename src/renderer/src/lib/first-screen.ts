/**
 * The moment the window's first screen is painted (two frames after its first render with the
 * launch's data). What the first screen does not need (model list, prices, storage status, the
 * database check) is asked after it, so the main process reads the first screen alone.
 */
let markShown: () => void = () => undefined;

export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

export function markFirstScreenShown(): void {
  markShown();
}

/** Runs `work` once the first screen is shown (at once, in a microtask, if it already is). */
export function afterFirstScreen<T>(work: () => T | Promise<T>): Promise<T> {
  return firstScreenShown.then(work);
}
