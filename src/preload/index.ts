/**
 * The preload: exposes the IPC contract, and nothing else, as `window.alpine`.
 * It runs in a sandboxed window, bundled as CommonJS, so it imports only `electron`,
 * the channel names and types. Only the contract's channels go through (an allow-list,
 * checked here before anything reaches main, which checks again). Main answers every
 * request with an `IpcResult`; a failure becomes an Error with main's error name and message.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from "electron";
import { EVENT_CHANNEL, isListedRequestChannel } from "../shared/ipc-channels";
import type { AlpineApi, AppEvent, RequestChannel, RequestResults } from "../shared/ipc-contract";
import type { IpcResult } from "../shared/transport-messages";

function namedError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

const api: AlpineApi = {
  async request<C extends RequestChannel>(channel: C, args: unknown): Promise<RequestResults[C]> {
    if (!isListedRequestChannel(channel)) {
      const shown = JSON.stringify(String(channel)).slice(0, 100);
      throw namedError("UnknownChannelError", `${shown} is not a request channel of Alpine's window, so it was not sent.`);
    }
    const result = (await ipcRenderer.invoke(channel, args)) as IpcResult;
    if (result.ok) return result.value as RequestResults[C];
    throw namedError(result.error.name, result.error.message);
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
