/**
 * The IPC contract over a WebSocket, for the window served by the test host: the same
 * `AlpineApi` the preload exposes, so nothing else in the window knows the difference.
 * Requests are numbered; each response carries its request's number. Requests made
 * before the socket opens wait for it; when it closes, pending requests fail and the
 * window is told the connection is lost (the host is gone; nothing reconnects). A request
 * made after that fails at once, never sent.
 */
import type { AlpineApi, AppEvent, RequestChannel, RequestResults } from "../../../shared/ipc-contract";
import type { IpcResult, SocketRequestMessage, SocketServerMessage } from "../../../shared/transport-messages";

/** The error a failed request rejects with: the main process's error name and message. */
export class RemoteRequestError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface WebSocketApi extends AlpineApi {
  /** Settles once the socket opens (a request then leaves the window as it is made), or closes before that. */
  readonly connected: Promise<void>;
  /** Called once when the socket closes (at once if it has closed already); returns the unsubscribe function. */
  onConnectionLost(listener: () => void): () => void;
}

export function createWebSocketApi(url: string): WebSocketApi {
  const socket = new WebSocket(url);
  const closedError = () => new RemoteRequestError("ConnectionClosedError", `The connection to ${url} closed.`);
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("close", () => reject(closedError()), { once: true });
    // A browser follows a failed connection's error with its close; Node's WebSocket gives the error alone.
    socket.addEventListener("error", () => reject(closedError()), { once: true });
  });
  opened.catch(() => {}); // observed by each request
  const connected = opened.catch(() => undefined);
  const pending = new Map<number, (result: IpcResult) => void>();
  const listeners = new Set<(event: AppEvent) => void>();
  const lostListeners = new Set<() => void>();
  let closed = false;
  let nextId = 1;

  socket.addEventListener("message", (message) => {
    const data = JSON.parse(String(message.data)) as SocketServerMessage;
    if (data.kind === "response") {
      const settle = pending.get(data.id);
      pending.delete(data.id);
      settle?.(data.result);
    } else if (data.kind === "event") {
      for (const listener of [...listeners]) listener(data.event);
    }
  });
  socket.addEventListener("close", () => {
    const failure: IpcResult = { ok: false, error: { name: "ConnectionClosedError", message: `The connection to ${url} closed.` } };
    for (const settle of pending.values()) settle(failure);
    pending.clear();
    closed = true;
    for (const listener of [...lostListeners]) listener();
    lostListeners.clear();
  });

  return {
    connected,
    async request<C extends RequestChannel>(channel: C, args: unknown): Promise<RequestResults[C]> {
      // Once open, the request goes out at once (not a tick later), before the window re-renders.
      if (socket.readyState === WebSocket.CONNECTING) await opened;
      // A closed connection is expected (the host quit or was relaunched): fail as its close does,
      // rather than send into it (the browser logs each such send as an error, and it never answers).
      if (closed || socket.readyState !== WebSocket.OPEN) throw closedError();
      const id = nextId++;
      const result = await new Promise<IpcResult>((resolve) => {
        pending.set(id, resolve);
        const message: SocketRequestMessage = { kind: "request", id, channel, args };
        socket.send(JSON.stringify(message));
      });
      if (!result.ok) throw new RemoteRequestError(result.error.name, result.error.message);
      return result.value as RequestResults[C];
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onConnectionLost(listener) {
      if (closed) {
        listener();
        return () => {};
      }
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
  };
}
