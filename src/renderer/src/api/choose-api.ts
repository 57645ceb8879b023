/**
 * Where the window reaches the main process: the preload's `window.alpine` in the app,
 * or the same contract over a WebSocket when the page is served by the test host
 * (`?transport=ws`). Nothing else in the window knows which one it got.
 */
import type { AlpineApi } from "../../../shared/ipc-contract";
import { createWebSocketApi } from "./websocket-api";

declare global {
  interface Window {
    alpine?: AlpineApi;
  }
}

export type Transport = "ipc" | "websocket";

export class NoTransportError extends Error {
  override name = "NoTransportError";
  constructor() {
    super("The window has no connection to Alpine's main process. Start it with the Alpine app (or open it with ?transport=ws from the test host).");
  }
}

export interface ChosenApi {
  api: AlpineApi;
  transport: Transport;
  /** Settles once a request leaves the window as it is made: at once over the app's IPC; the test host's socket, once open. */
  connected: Promise<void>;
  /** Only the WebSocket can be lost (its host stopped); the app's IPC lives as long as the window. */
  onConnectionLost?(listener: () => void): () => void;
}

export function chooseApi(): ChosenApi {
  if (window.alpine) return { api: window.alpine, transport: "ipc", connected: Promise.resolve() };
  if (new URLSearchParams(location.search).get("transport") === "ws") {
    const api = createWebSocketApi(`ws://${location.host}/ws`);
    return { api, transport: "websocket", connected: api.connected, onConnectionLost: (listener) => api.onConnectionLost(listener) };
  }
  throw new NoTransportError();
}
