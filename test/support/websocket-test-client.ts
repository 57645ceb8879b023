/**
 * The test host's socket protocol from Node, on `ws`: `request(channel, args)` and the
 * events received. Node 20 has no WebSocket client without a flag; the window uses the
 * browser's own.
 */
import WebSocket from "ws";
import type { AppEvent } from "../../src/shared/ipc-contract";
import type { IpcResult, SocketServerMessage } from "../../src/shared/transport-messages";

export interface TestSocket {
  request(channel: string, args: unknown): Promise<IpcResult>;
  /** Every event received so far (a live array). */
  events: AppEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitForEvent(match: (event: AppEvent) => boolean): Promise<AppEvent>;
  /** The underlying `ws` socket, for protocol tests (binary, unmasked or invalid frames). */
  raw: WebSocket;
  /** Resolves with the close code once the connection is closed (1006 when it dropped without one). */
  closed: Promise<number>;
  close(): void;
}

export async function connectTestSocket(wsUrl: string, origin: string): Promise<TestSocket> {
  const socket = new WebSocket(wsUrl, { origin, perMessageDeflate: false });
  // A protocol error the server reports arrives as its close code; nothing else to do here.
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) => reject(new Error(`The WebSocket upgrade to ${wsUrl} was refused (${response.statusCode}).`)));
    socket.once("close", () => reject(new Error(`The WebSocket to ${wsUrl} closed before it opened.`)));
  });

  const pending = new Map<number, (result: IpcResult) => void>();
  const events: AppEvent[] = [];
  const waiters: { match: (event: AppEvent) => boolean; resolve: (event: AppEvent) => void }[] = [];
  socket.on("message", (data, isBinary) => {
    if (isBinary) throw new Error("The test host sent a binary message; it speaks JSON text only.");
    const message = JSON.parse(data.toString("utf8")) as SocketServerMessage;
    if (message.kind === "response") {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
      return;
    }
    events.push(message.event);
    for (const waiter of [...waiters]) {
      if (waiter.match(message.event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message.event);
      }
    }
  });
  socket.on("close", () => {
    for (const settle of pending.values()) settle({ ok: false, error: { name: "ConnectionClosedError", message: "closed" } });
    pending.clear();
  });

  let nextId = 1;
  return {
    events,
    closed,
    raw: socket,
    request(channel, args) {
      const id = nextId++;
      return new Promise<IpcResult>((resolve) => {
        if (socket.readyState !== WebSocket.OPEN) {
          return resolve({ ok: false, error: { name: "ConnectionClosedError", message: "closed" } });
        }
        pending.set(id, resolve);
        socket.send(JSON.stringify({ kind: "request", id, channel, args }));
      });
    },
    waitForEvent(match) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close() {
      socket.close(1000);
    },
  };
}
