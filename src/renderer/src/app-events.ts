/**
 * Named app events: each significant moment of the window is announced as a DOM event
 * `alpine:<name>` and kept in `window.__alpineEvents`, so automated checks can wait for
 * exactly the moment they need instead of guessing with timers.
 */
export type AppEventName =
  | "ready"
  | "event"
  | "list-rendered"
  | "conversation-opened"
  | "conversation-shown"
  | "conversation-updated"
  | "view-loaded"
  | "earlier-loaded"
  | "earlier-shown"
  | "connection-lost"
  | "run-started"
  | "run-ended"
  | "stream-rendered"
  | "words-arriving"
  | "message-announced"
  | "ask-shown"
  | "answer-sent"
  | "message-sent"
  | "stop-requested"
  | "continue-requested"
  | "branch-created"
  | "branch-switched"
  | "renamed"
  | "deleted"
  | "settings-opened"
  | "settings-saved"
  | "settings-closed"
  | "folder-chosen"
  | "tools-changed"
  | "tools-saved"
  | "providers-saved"
  | "default-provider-saved"
  | "bundle-reviewed"
  | "copied"
  | "attachment-added"
  | "attachment-refused"
  | "options-changed"
  | "transfer-opened"
  | "transfer-closed"
  | "exported"
  | "damaged-exported"
  | "damaged-restored"
  | "database-checked"
  | "import-progress"
  | "imported"
  | "open-remembered"
  | "storage-changed"
  | "storage-status"
  | "storage-move-progress"
  | "storage-moved"
  | "storage-source-removed"
  | "match-shown"
  | "first-screen-restored"
  | "first-screen-kept"
  | "first-screen-dropped"
  | "deep-link-applied"
  | "language-changed"
  | "error";

export interface LoggedAppEvent {
  /** Position in the log, from 0; never reused even when old events are dropped. */
  index: number;
  name: AppEventName;
  detail: unknown;
  at: number;
}

declare global {
  interface Window {
    __alpineEvents?: LoggedAppEvent[];
  }
}

/**
 * The log exists for automated checks: it is kept only when the page says it was started for
 * them (the test host, or the app with ALPINE_EVENT_LOG=on, adds a meta tag). In normal use
 * events are only dispatched, and nothing keeps them.
 */
export function eventLogEnabled(): boolean {
  return document.querySelector('meta[name="alpine-event-log"]')?.getAttribute("content") === "on";
}

/** A small cap: the checks read recent events; a long day of replies must not pile up here. */
export const LOG_LIMIT = 2_000;
const logOn = eventLogEnabled();
let nextIndex = 0;

/**
 * A copy of `detail` that shares no string with the window's state: a slice of a growing reply
 * would keep the whole reply, as it was at that frame, alive in the log.
 */
function independentCopy(detail: unknown): unknown {
  if (detail === null || detail === undefined) return null;
  return JSON.parse(JSON.stringify(detail)) as unknown;
}

export function emitAppEvent(name: AppEventName, detail: unknown = null): void {
  if (logOn) {
    const log = (window.__alpineEvents ??= []);
    // A run's step event is the window's own copy, just read off the wire: kept as it is (copying
    // the entry that ends a 200 KB reply would hold the window as long again as reading it did).
    log.push({ index: nextIndex++, name, detail: name === "event" ? detail : independentCopy(detail), at: Date.now() });
    if (log.length > LOG_LIMIT + LOG_LIMIT / 4) log.splice(0, log.length - LOG_LIMIT);
  }
  window.dispatchEvent(new CustomEvent(`alpine:${name}`, { detail }));
}
