/** How the parts of a slice reach the one store: zustand's own `set` and `get`. */
import type { StoreApi } from "zustand";
import type { AppState } from "./app-store";
import { describeError } from "../lib/describe-error";
import { t } from "../i18n/i18n";

export type SetState = StoreApi<AppState>["setState"];
export type GetState = StoreApi<AppState>["getState"];

/** A toast for an action that failed: what failed (already in the shown language), then why. */
export function toastFailure(get: GetState, what: string, error: unknown): void {
  get().showToast("error", t("toast.failure", { what, why: describeError(error) }));
}
