/**
 * Chromium's DevTools protocol over the pipe Chromium opens with `--remote-debugging-pipe`: it
 * reads commands on its fd 3 and writes answers and events on its fd 4, each a JSON message
 * ended by a NUL byte. No port, no HTTP: only the process that started the browser speaks to it.
 */
import type { Readable, Writable } from "node:stream";

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: unknown;
  error?: { code: number; message: string };
}

export class DevToolsCommandError extends Error {
  override name = "DevToolsCommandError";
  constructor(method: string, message: string) {
    super(`Chromium refused ${method}: ${message}`);
  }
}

export class DevToolsPipe {
  private nextId = 1;
  private readonly answers = new Map<number, { method: string; resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly waiters: { method: string; matches(params: Record<string, unknown>): boolean; resolve(params: Record<string, unknown>): void; reject(error: Error): void }[] = [];
  private buffered = "";
  private closedBecause: string | null = null;

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.setEncoding("utf8");
    fromBrowser.on("data", (chunk: string) => this.receive(chunk));
    fromBrowser.on("close", () => this.fail("the browser closed its DevTools pipe"));
    toBrowser.on("error", () => this.fail("the browser's DevTools pipe broke"));
  }

  /** A command to the browser (no `sessionId`) or to an attached target's session. */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.closedBecause) return Promise.reject(new DevToolsCommandError(method, this.closedBecause));
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => this.answers.set(id, { method, resolve: resolve as (value: unknown) => void, reject }));
    this.toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return answer;
  }

  /**
   * The next event named `method` (from any session) whose parameters `matches` accepts; fails if the pipe closes first.
   * Aborting `signal` gives the wait up: it fails, and the event goes to whoever waits for it next.
   */
  next(method: string, matches: (params: Record<string, unknown>) => boolean = () => true, signal?: AbortSignal): Promise<Record<string, unknown>> {
    if (this.closedBecause) return Promise.reject(new DevToolsCommandError(method, this.closedBecause));
    if (signal?.aborted) return Promise.reject(new DevToolsCommandError(method, "the wait was given up"));
    return new Promise((resolve, reject) => {
      const waiter = { method, matches, resolve, reject };
      this.waiters.push(waiter);
      signal?.addEventListener(
        "abort",
        () => {
          const at = this.waiters.indexOf(waiter);
          if (at < 0) return;
          this.waiters.splice(at, 1);
          reject(new DevToolsCommandError(method, "the wait was given up"));
        },
        { once: true },
      );
    });
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    let end: number;
    while ((end = this.buffered.indexOf("\0")) >= 0) {
      const text = this.buffered.slice(0, end);
      this.buffered = this.buffered.slice(end + 1);
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        // Nothing after it can be trusted to be framed right: what waits fails with the reason, not a throw in the stream's handler.
        return this.fail(`the browser wrote a message that is not JSON: ${text.slice(0, 200)}`);
      }
      if (message.id !== undefined) {
        const pending = this.answers.get(message.id);
        this.answers.delete(message.id);
        if (message.error) pending?.reject(new DevToolsCommandError(pending.method, message.error.message));
        else pending?.resolve(message.result);
      } else if (message.method) {
        const params = message.params ?? {};
        const at = this.waiters.findIndex((w) => w.method === message.method && w.matches(params));
        if (at >= 0) this.waiters.splice(at, 1)[0].resolve(params);
      }
    }
  }

  private fail(why: string): void {
    if (this.closedBecause) return;
    this.closedBecause = why;
    for (const [, pending] of this.answers) pending.reject(new DevToolsCommandError(pending.method, why));
    this.answers.clear();
    for (const waiter of this.waiters.splice(0)) waiter.reject(new DevToolsCommandError(waiter.method, why));
  }
}
