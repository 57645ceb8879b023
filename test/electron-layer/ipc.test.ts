/**
 * IPC wiring under a stand-in electron module: a handler per channel, every argument
 * validated, only the app's own window heard, events sent to it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENT_CHANNEL, requestSchemas } from "../../src/shared/ipc-contract";
import { createRequestHandlers, type RequestHandlers } from "../../src/main/service/request-handlers";
import { openService, type ServiceFixture } from "../service/helpers";
import { BrowserWindow, ipcMain, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { appWindowSender, forwardEvents, registerIpcHandlers } = await import("../../src/main/electron/ipc");

let fixture: ServiceFixture;
beforeAll(async () => {
  fixture = await openService();
});
afterAll(async () => {
  await fixture.close();
});

let window: BrowserWindow;
let calls: string[];
beforeEach(() => {
  resetFakeElectron();
  window = new BrowserWindow({});
  calls = [];
  const handlers = createRequestHandlers(fixture.service);
  // Record which handlers the dispatcher reaches, to prove refused calls never get there.
  const recorded = Object.fromEntries(
    Object.entries(handlers).map(([channel, handler]) => [channel, (args: unknown) => (calls.push(channel), (handler as (a: unknown) => unknown)(args))]),
  ) as RequestHandlers;
  registerIpcHandlers(recorded, appWindowSender(() => window as never));
});

const fromWindow = () => ({ sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } });

describe("IPC handlers", () => {
  it("registers exactly one handler per channel of the contract", () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(requestSchemas).sort());
  });

  it("refuses a channel outside the contract in main too: no handler, and the dispatcher names it", async () => {
    expect(() => ipcMain.invoke("settings:getApiKey", {}, fromWindow())).toThrow(/No handler registered/);
    const { dispatchRequest } = await import("../../src/main/service/request-handlers");
    const handlers = createRequestHandlers(fixture.service);
    for (const channel of ["settings:getApiKey", "__proto__", "toString", 7]) {
      expect(await dispatchRequest(handlers, channel, {})).toMatchObject({ ok: false, error: { name: "InvalidRequestError", message: expect.stringContaining("Unknown request channel") } });
    }
  });

  it("removes every handler it registered when asked", () => {
    resetFakeElectron();
    const unregister = registerIpcHandlers(createRequestHandlers(fixture.service), () => true);
    expect(ipcMain.handlers.size).toBe(Object.keys(requestSchemas).length);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
    expect(() => ipcMain.invoke("settings:get", {}, fromWindow())).toThrow(/No handler registered/);
  });

  it("answers the app's window through the service", async () => {
    expect(await ipcMain.invoke("settings:get", {}, fromWindow())).toMatchObject({ ok: true, value: { hasApiKey: true } });
    expect(await ipcMain.invoke("conversations:list", { limit: 5 }, fromWindow())).toEqual({ ok: true, value: { items: [], total: 0 } });
  });

  it("validates every argument: a bad call gets a clear error and main keeps going", async () => {
    for (const channel of Object.keys(requestSchemas)) {
      const result = await ipcMain.invoke(channel, { unexpected: { nested: [1, 2] } }, fromWindow());
      expect(result).toMatchObject({ ok: false, error: { name: "InvalidRequestError", message: expect.stringContaining(`Invalid arguments for "${channel}"`) } });
    }
    expect(await ipcMain.invoke("runs:start", "just a string", fromWindow())).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
    expect(calls).toEqual([]);
    expect(await ipcMain.invoke("app:info", {}, fromWindow())).toMatchObject({ ok: true });
  });

  it("hears only the app's window, in its main frame, on an app:// page", async () => {
    const refused = [
      { sender: { id: window.webContents.id + 1000 }, senderFrame: { url: "app://alpine/index.html", parent: null } },
      { sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: {} } },
      { sender: { id: window.webContents.id }, senderFrame: { url: "https://evil.example/", parent: null } },
      { sender: { id: window.webContents.id }, senderFrame: { url: "file:///tmp/page.html", parent: null } },
      { sender: { id: window.webContents.id }, senderFrame: null },
    ];
    for (const from of refused) {
      expect(await ipcMain.invoke("settings:get", {}, from)).toEqual({
        ok: false,
        error: { name: "UntrustedSenderError", message: expect.stringMatching(/did not come from Alpine's own window/) },
      });
    }
    window.destroyed = true;
    expect(await ipcMain.invoke("settings:get", {}, fromWindow())).toMatchObject({ ok: false, error: { name: "UntrustedSenderError" } });
    expect(calls).toEqual([]);
  });

  it("sends app events to the window on the one event channel, and not to a closed one", () => {
    const stop = forwardEvents(fixture.service.events, () => window as never);
    fixture.service.events.emit({ type: "conversation_deleted", id: "abc" });
    expect(window.webContents.sent).toEqual([[EVENT_CHANNEL, { type: "conversation_deleted", id: "abc" }]]);
    window.destroyed = true;
    fixture.service.events.emit({ type: "conversation_deleted", id: "def" });
    expect(window.webContents.sent).toHaveLength(1);
    stop();
  });

  it("joins streamed words that come within one interval into one message, sent before the next event", () => {
    const stop = forwardEvents(fixture.service.events, () => window as never);
    const delta = (text: string) => ({ type: "step" as const, conversationId: "c", event: { type: "text_delta" as const, stateId: "s", text } });
    fixture.service.events.emit(delta("Hel"));
    fixture.service.events.emit(delta("lo "));
    fixture.service.events.emit(delta("there"));
    fixture.service.events.emit({ type: "conversation_deleted", id: "c" });
    expect(window.webContents.sent.map(([, event]) => event)).toEqual([delta("Hel"), delta("lo there"), { type: "conversation_deleted", id: "c" }]);
    stop();
  });
});
