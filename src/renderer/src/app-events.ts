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
  | "conversation-updated"
  | "earlier-loaded"
  | "earlier-shown"
  | "connection-lost"
  | "run-started"
  | "run-ended"
  | "stream-rendered"
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
  | "copied"
  | "attachment-added"
  | "attachment-refused"
  | "options-changed"
  | "transfer-opened"
  | "transfer-closed"
  | "exported"
  | "import-progress"
  | "imported"
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

/** The log keeps the most recent events only, so a long session does not grow without bound. */
const LOG_LIMIT = 20_000;
let nextIndex = 0;

export function emitAppEvent(name: AppEventName, detail: unknown = null): void {
  const log = (window.__alpineEvents ??= []);
  log.push({ index: nextIndex++, name, detail, at: Date.now() });
  if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
  window.dispatchEvent(new CustomEvent(`alpine:${name}`, { detail }));
}
