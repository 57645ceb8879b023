/**
 * The preload under a stand-in electron module: it exposes only `alpine` with the
 * contract's two functions, unwraps main's results, and hands the window nothing of IPC.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { REQUEST_CHANNELS } from "../../src/shared/ipc-channels";
import { EVENT_CHANNEL, requestSchemas, type AlpineApi, type AppEvent, type RequestChannel } from "../../src/shared/ipc-contract";
import { contextBridge, ipcRenderer, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

let api: AlpineApi;
let loads = 0;
beforeEach(async () => {
  resetFakeElectron();
  // A fresh copy per test: its top level is what runs when the window loads.
  await import(/* @vite-ignore */ `../../src/preload/index.ts?load=${++loads}`);
  api = contextBridge.exposed.get("alpine") as AlpineApi;
});

describe("preload", () => {
  it("exposes exactly `alpine` with request and onEvent", () => {
    expect([...contextBridge.exposed.keys()]).toEqual(["alpine"]);
    expect(Object.keys(api).sort()).toEqual(["onEvent", "request"]);
  });

  it("invokes the channel with the arguments and returns the value", async () => {
    ipcRenderer.answer = () => ({ ok: true, value: { items: [], total: 0 } });
    expect(await api.request("conversations:list", { limit: 10 })).toEqual({ items: [], total: 0 });
    expect(ipcRenderer.invoked).toEqual([["conversations:list", { limit: 10 }]]);
  });

  it("throws main's error with its name and message", async () => {
    ipcRenderer.answer = () => ({ ok: false, error: { name: "RunInProgressError", message: "It is running." } });
    await expect(api.request("runs:send", { id: "a", text: "b" })).rejects.toMatchObject({ name: "RunInProgressError", message: "It is running." });
  });

  it("delivers events from the one event channel without the IPC event, and unsubscribes", () => {
    const received: unknown[][] = [];
    const stop = api.onEvent((...args) => received.push(args));
    const event: AppEvent = { type: "conversation_deleted", id: "abc" };
    ipcRenderer.emit(EVENT_CHANNEL, { sender: "the ipc event" }, event);
    ipcRenderer.emit("some-other-channel", {}, { type: "x" });
    expect(received).toEqual([[event]]);
    stop();
    ipcRenderer.emit(EVENT_CHANNEL, {}, event);
    expect(received).toHaveLength(1);
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it("allows exactly the contract's channels", async () => {
    expect([...REQUEST_CHANNELS].sort()).toEqual(Object.keys(requestSchemas).sort());
    ipcRenderer.answer = () => ({ ok: true, value: null });
    for (const channel of REQUEST_CHANNELS) await api.request(channel, {} as never);
    expect(ipcRenderer.invoked.map(([channel]) => channel)).toEqual([...REQUEST_CHANNELS]);
  });

  it("refuses an unknown channel without sending anything to main", async () => {
    ipcRenderer.answer = () => ({ ok: true, value: "must not be reached" });
    for (const channel of ["app:quit", "settings:getApiKey", "__proto__", "toString", EVENT_CHANNEL, 42]) {
      await expect(api.request(channel as RequestChannel, {} as never)).rejects.toMatchObject({
        name: "UnknownChannelError",
        message: expect.stringContaining("not a request channel"),
      });
    }
    expect(ipcRenderer.invoked).toEqual([]);
  });
});
