/**
 * The saves being written now in this process (each removes itself when it settles), so that
 * a process stopping on a signal (run/signals.ts) waits until every save has finished writing.
 */
export const pendingSaves = new Set<Promise<unknown>>();

/** Resolves once no save is being written (saves that start meanwhile are waited for too). */
export async function savesSettled(): Promise<void> {
  while (pendingSaves.size > 0) await Promise.allSettled([...pendingSaves]);
}
