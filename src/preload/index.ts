/**
 * The preload: exposes the IPC contract, and nothing else, as `window.alpine`.
 * It runs in a sandboxed window, bundled as CommonJS, so it imports only `electron`
 * and types. Main answers every request with an `IpcResult`; a failure becomes an
 * Error with the main process's error name and message.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from "electron";
import type { AlpineApi, AppEvent, EVENT_CHANNEL as ContractEventChannel, RequestChannel, RequestResults } from "../shared/ipc-contract";
import type { IpcResult } from "../shared/transport-messages";

/** Spelled out (importing the value would pull zod into the preload); the type keeps it equal to the contract's. */
const EVENT_CHANNEL: typeof ContractEventChannel = "app:event";

const api: AlpineApi = {
  async request<C extends RequestChannel>(channel: C, args: unknown): Promise<RequestResults[C]> {
    const result = (await ipcRenderer.invoke(channel, args)) as IpcResult;
    if (result.ok) return result.value as RequestResults[C];
    const error = new Error(result.error.message);
    error.name = result.error.name;
    throw error;
  },
  onEvent(listener: (event: AppEvent) => void): () => void {
    // The IpcRendererEvent (with its sender) is never handed to the window.
    const forward = (_event: IpcRendererEvent, payload: AppEvent) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld("alpine", api);
