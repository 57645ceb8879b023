/**
 * The window's entry: connect to the main process, route its events into the store,
 * render the app, and announce `alpine:ready` once settings are known.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { chooseApi } from "./api/choose-api";
import { setApi } from "./api/current-api";
import { emitAppEvent } from "./app-events";
import { useAppStore } from "./store/app-store";
import { App } from "./components/App";
import { describeError } from "./lib/describe-error";
import { launchWindow, loadInterrupted } from "./store/launch";
import { PAGE_SIZE } from "./store/list-slice";
import "./styles/index.css";

const root = createRoot(document.getElementById("root")!);

try {
  const { api, transport, onConnectionLost } = chooseApi();
  setApi(api);
  onConnectionLost?.(() => {
    useAppStore.getState().markConnectionLost();
    emitAppEvent("connection-lost", { transport });
  });
  api.onEvent((event) => {
    emitAppEvent("event", event);
    useAppStore.getState().handleAppEvent(event);
  });
  // The first screen's data first, in one request (sidebar page, reopened conversation), then one render with it.
  void launchWindow(PAGE_SIZE).then((launched) => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    emitAppEvent("ready", { transport, ...launched });
    // Once the first screen is painted, the main process starts what waited for it (MCP servers).
    requestAnimationFrame(() => requestAnimationFrame(() => void api.request("app:shown", {}).catch(() => undefined)));
    void loadInterrupted();
    void useAppStore.getState().loadTools(); // tool cards name MCP servers; never awaited by the first paint
  });
} catch (error) {
  root.render(
    <div className="fatal" role="alert">
      <h1>Alpine could not start its window</h1>
      <p>{describeError(error)}</p>
    </div>,
  );
}
