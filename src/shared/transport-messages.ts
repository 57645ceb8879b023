/**
 * How a request's outcome and the app events travel, whatever carries them: Electron IPC
 * (the preload unwraps `IpcResult`) or the WebSocket of the test host (the same results,
 * wrapped in the socket messages below). Types only: the preload imports nothing else.
 */
import type { AppEvent, IpcErrorPayload } from "./ipc-contract";

/** A request's outcome: main never throws across the boundary, it answers with this. */
export type IpcResult<T = unknown> = { ok: true; value: T } | { ok: false; error: IpcErrorPayload };

/** Window → host over the WebSocket: one request; `id` pairs it with its response. */
export interface SocketRequestMessage {
  kind: "request";
  id: number;
  channel: string;
  args: unknown;
}

/** Host → window over the WebSocket. */
export type SocketServerMessage =
  | { kind: "response"; id: number; result: IpcResult }
  | { kind: "event"; event: AppEvent };
