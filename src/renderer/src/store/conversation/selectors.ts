import type { AppState } from "../app-store";

/** Is a run of the open conversation going? Step events decide once seen; the summary before that. */
export function selectOpenRunning(state: AppState): boolean {
  if (!state.openId) return false;
  const live = state.live[state.openId];
  if (live) return live.running;
  return state.view?.summary.id === state.openId && state.view.summary.running;
}
