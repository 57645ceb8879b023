/**
 * The window's first act, before the app's code is loaded: ask the main process for the first
 * screen (`app:launch`), so the service reads the sidebar's first page and the reopened
 * conversation while the page is still parsing the app. What arrives before the app takes over
 * (the launch's answer, app events) is kept in arrival order and handed over in that order.
 */
import type { AppEvent } from "../../../shared/ipc-contract";
import type { LaunchView } from "../../../shared/view-types";
import type { ChosenApi } from "../api/choose-api";
import { FIRST_SCREEN_TAIL_ENTRIES } from "../../../shared/page-sizes";

/** Older entries than these come in pages as the person scrolls up; fewer, the first answer is read, sent and parsed sooner. */
export const FIRST_SCREEN_TAIL = FIRST_SCREEN_TAIL_ENTRIES;

export type LaunchOutcome = { ok: true; launch: LaunchView } | { ok: false; error: unknown };

export type EarlyItem = { kind: "event"; event: AppEvent } | { kind: "launch"; outcome: LaunchOutcome };

export interface EarlyStart {
  chosen: ChosenApi;
  /** Resolves once the launch's answer (or its error) is in. */
  launched: Promise<void>;
  /** The launch's answer (or its error), for what must be decided before the app runs (the language). */
  outcome: Promise<LaunchOutcome>;
  /** From now on `handler` gets every item: first those kept so far, in the order they came. */
  takeOver(handler: (item: EarlyItem) => void): void;
}

/** What the main process says before the app takes over, kept in the order it came. */
export interface EarlyItems {
  deliver(item: EarlyItem): void;
  takeOver(handler: (item: EarlyItem) => void): void;
}

/**
 * From now on every app event is kept (the connection may be open before the first request is
 * made: an event then is not lost), until the app takes over.
 */
export function keepEarlyItems(chosen: ChosenApi): EarlyItems {
  const kept: EarlyItem[] = [];
  let handler: ((item: EarlyItem) => void) | null = null;
  const deliver = (item: EarlyItem) => (handler ? handler(item) : kept.push(item));
  chosen.api.onEvent((event) => deliver({ kind: "event", event }));
  return {
    deliver,
    takeOver(next) {
      handler = next;
      for (const item of kept.splice(0)) next(item);
    },
  };
}

export function requestFirstScreen(chosen: ChosenApi, listLimit: number, items: EarlyItems = keepEarlyItems(chosen)): EarlyStart {
  const outcome = chosen.api.request("app:launch", { listLimit, tail: FIRST_SCREEN_TAIL }).then(
    (launch): LaunchOutcome => ({ ok: true, launch }),
    (error: unknown): LaunchOutcome => ({ ok: false, error }),
  );
  const launched = outcome.then((result) => void items.deliver({ kind: "launch", outcome: result }));
  return { chosen, launched, outcome, takeOver: (next) => items.takeOver(next) };
}
