/**
 * The window's own protocol (the test host's WebSocket: src/shared/transport-messages.ts),
 * spoken by the acknowledgements scenario. Unlike the tests' client it lets the caller act
 * in the very handler that reads an answer: `request(..., { onAnswer })` runs `onAnswer`
 * synchronously when the answer's frame is read, before anything else of this process runs,
 * so a SIGKILL sent there lands at the instant the window would show the acknowledgement.
 */
import WebSocket from "ws";
import type { AppEvent } from "../src/shared/ipc-contract";
import type { IpcResult, SocketServerMessage } from "../src/shared/transport-messages";

export class AckConnectionClosedError extends Error {
  override name = "AckConnectionClosedError";
}

export interface AckRequestOptions {
  /** Runs in the socket's message handler, at the instant the answer is read. */
  onAnswer?: (result: IpcResult) => void;
}

export class AckClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: IpcResult) => void; onAnswer?: (result: IpcResult) => void }>();
  private readonly waiters: { match: (event: AppEvent) => boolean; resolve: (event: AppEvent | null) => void }[] = [];
  /** Events received and not yet taken by a wait. */
  readonly events: AppEvent[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString("utf8")) as SocketServerMessage;
      if (message.kind === "response") {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        waiting?.onAnswer?.(message.result);
        waiting?.resolve(message.result);
        return;
      }
      const waiter = this.waiters.find((w) => w.match(message.event));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message.event);
      } else this.events.push(message.event);
    });
    socket.on("close", () => {
      const closed: IpcResult = { ok: false, error: { name: "AckConnectionClosedError", message: "the connection closed before the answer" } };
      for (const waiting of this.pending.values()) waiting.resolve(closed);
      this.pending.clear();
      for (const waiter of this.waiters.splice(0)) waiter.resolve(null);
    });
  }

  static async connect(wsUrl: string, origin: string): Promise<AckClient> {
    const socket = new WebSocket(wsUrl, { origin, perMessageDeflate: false });
    socket.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("close", () => reject(new AckConnectionClosedError(`The WebSocket to ${wsUrl} closed before it opened.`)));
    });
    return new AckClient(socket);
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  request(channel: string, args: unknown, options: AckRequestOptions = {}): Promise<IpcResult> {
    if (!this.open) return Promise.resolve({ ok: false, error: { name: "AckConnectionClosedError", message: "closed" } });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onAnswer: options.onAnswer });
      this.socket.send(JSON.stringify({ kind: "request", id, channel, args }));
    });
  }

  /** The first event (kept or still to come) that matches; null when the connection closes first or `timeoutMs` passes. */
  waitForEvent(match: (event: AppEvent) => boolean, timeoutMs: number): Promise<AppEvent | null> {
    const kept = this.events.findIndex(match);
    if (kept >= 0) return Promise.resolve(this.events.splice(kept, 1)[0]);
    if (!this.open) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = { match, resolve: (event: AppEvent | null) => (clearTimeout(timer), resolve(event)) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Busy-waits `micros` microseconds: timers cannot place a kill a few hundred microseconds from an instant. */
export function spinMicros(micros: number): void {
  const until = process.hrtime.bigint() + BigInt(Math.round(micros * 1000));
  while (process.hrtime.bigint() < until) {
    // spin
  }
}
