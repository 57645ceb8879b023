/**
 * The session a window test file shares between its tests: started before the first (the
 * file's own set-up hooks run after it), closed after the last; a window that threw an error
 * in the page meanwhile fails the file.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Page } from "playwright-core";
import { AlpineSession, type SessionOptions } from "./alpine-session";
import type { AppWindow } from "./app-window";

export interface FileSession {
  /** The running session (inside tests and hooks registered after this one). */
  readonly session: AlpineSession;
  /** Its window now (a fresh one after each host restart). */
  readonly win: AppWindow;
  readonly page: Page;
}

/** `noCspRefusals`: the file also fails when the page's content security policy refused anything (an inline style or script). */
export function useAlpineSession(options: SessionOptions = {}, startTimeoutMs?: number, checks: { noCspRefusals?: boolean } = {}): FileSession {
  let current: AlpineSession | undefined;
  beforeAll(async () => {
    current = await AlpineSession.start(options);
  }, startTimeoutMs);
  afterAll(async () => {
    const pageErrors = current?.window.pageErrors ?? [];
    const consoleErrors = current?.window.consoleErrors ?? [];
    const everyWindowsErrors = [...(current?.closedWindowsConsoleErrors ?? []), ...consoleErrors];
    await current?.close();
    expect(pageErrors).toEqual([]);
    // The host going away at a relaunch is expected: the window does not send into the closed connection.
    expect(everyWindowsErrors.filter((e) => /WebSocket is already in CLOSING or CLOSED state/i.test(e))).toEqual([]);
    if (checks.noCspRefusals) expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });
  const session = () => {
    if (!current) throw new Error("The file's Alpine session has not started: use it inside a test or a hook registered after useAlpineSession.");
    return current;
  };
  return {
    get session() {
      return session();
    },
    get win() {
      return session().window;
    },
    get page() {
      return session().window.page;
    },
  };
}
