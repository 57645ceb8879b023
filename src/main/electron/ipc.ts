/**
 * IPC wiring: one `ipcMain.handle` per request channel of the contract, each going
 * through the service's dispatcher (zod validation, the channel → service table), and
 * the app events sent to the window on the one event channel. Only the app's own
 * window, in its main frame on the app's origin, is heard.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from "electron";
import { EVENT_CHANNEL, REQUEST_CHANNELS } from "../../shared/ipc-channels";
import type { IpcResult } from "../../shared/transport-messages";
import type { AppEventBus } from "../service/app-event-bus";
import type { RequestHandlers } from "../service/request-handlers";
import { throttleStreamedWords } from "../service/streamed-words-throttle";
import type { RequestDispatch } from "../service/service-start";
import { isAppUrl } from "./app-protocol";

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

const UNTRUSTED: IpcResult = {
  ok: false,
  error: { name: "UntrustedSenderError", message: "This request did not come from Alpine's own window, so it was refused." },
};

/**
 * Registers a handler per channel, each answered by `dispatch` (the app's: one that waits while
 * the service opens); returns the function that removes them.
 */
export function registerIpcDispatch(dispatch: RequestDispatch, isTrusted: SenderCheck): () => void {
  const channels = REQUEST_CHANNELS;
  for (const channel of channels) {
    ipcMain.handle(channel, (event, args) => (isTrusted(event) ? dispatch(channel, args) : UNTRUSTED));
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/**
 * The same with the service's request handlers. Whoever has them has loaded the dispatcher too:
 * it is reached by `import()` so that this file, in the app's entry, does not bring every
 * channel's schema into the code compiled before the window is created.
 */
export function registerIpcHandlers(handlers: RequestHandlers, isTrusted: SenderCheck): () => void {
  const dispatcher = import("../service/request-handlers");
  return registerIpcDispatch(async (channel, args) => (await dispatcher).dispatchRequest(handlers, channel, args), isTrusted);
}

/** Trust only the current main window's web contents, its main frame, on an app:// page. */
export function appWindowSender(getWindow: () => BrowserWindow | null): SenderCheck {
  return (event) => {
    const window = getWindow();
    if (!window || window.isDestroyed()) return false;
    if (event.sender.id !== window.webContents.id) return false;
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return isAppUrl(frame.url);
  };
}

/** Send every app event to the window while it exists (streamed words joined, see streamed-words-throttle.ts). */
export function forwardEvents(bus: AppEventBus, getWindow: () => BrowserWindow | null): () => void {
  const throttle = throttleStreamedWords((event) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });
  const off = bus.on(throttle.listener);
  return () => {
    off();
    throttle.flush();
  };
}
