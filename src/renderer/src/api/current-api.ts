/** The one connection the stores use, set once at start-up. */
import type { AlpineApi } from "../../../shared/ipc-contract";

let current: AlpineApi | null = null;

export function setApi(api: AlpineApi): void {
  current = api;
}

export function api(): AlpineApi {
  if (!current) throw new Error("The connection to the main process is not set up yet (setApi was not called).");
  return current;
}
