/**
 * alpine:// links in the Electron layer, under the stand-in electron: registration as the
 * scheme's handler (run from source and packaged), and delivery from this launch's command
 * line, a second launch's (`second-instance`, Windows and Linux) and `open-url` (macOS),
 * before `ready`, before the service opens, and after; each reaches the service, which keeps
 * what it asks for the window.
 */
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { DeepLinkAction } from "../../src/shared/deep-link-types";
import { useAppEntryScratch } from "./app-entry-scratch";
import { app, BrowserWindow, ipcMain } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { DeepLinkInbox, deepLinkInArgv, registerProtocolClient } = await import("../../src/main/electron/deep-link-inbox");

const argv = process.argv.slice();
const scratch = useAppEntryScratch(async () => {
  process.argv.splice(0, process.argv.length, ...argv);
  const exited = new Promise<void>((resolve) => (app.exit = () => resolve()));
  if (app.listenerCount("before-quit") > 0) {
    app.emitWithEvent("before-quit");
    await exited;
  }
});

let launches = 0;
const launchMain = () => import(/* @vite-ignore */ `../../src/main/electron/main.ts?links=${++launches}`);
const from = (window: BrowserWindow) => ({ sender: { id: window.webContents.id }, senderFrame: { url: "app://alpine/index.html", parent: null } });

/** Waits for the service's `deep_links_waiting` events to reach the window, then takes what the links asked. */
async function takeLinks(window: BrowserWindow, count: number): Promise<DeepLinkAction[]> {
  const taken: DeepLinkAction[] = [];
  while (taken.length < count) {
    await window.webContents.nextSent((_channel, event) => event?.type === "deep_links_waiting");
    window.webContents.sent.length = 0;
    const result = (await ipcMain.invoke("links:take", {}, from(window))) as { ok: true; value: DeepLinkAction[] };
    taken.push(...result.value);
  }
  return taken;
}

describe("the inbox", () => {
  it("keeps links that come before the service, in order, and hands them over once it is there", () => {
    const inbox = new DeepLinkInbox();
    inbox.push("alpine://new?text=1");
    inbox.push(null);
    inbox.push("alpine://new?text=2");
    const delivered: string[] = [];
    inbox.deliverTo((link) => delivered.push(link));
    inbox.push("alpine://new?text=3");
    expect(delivered).toEqual(["alpine://new?text=1", "alpine://new?text=2", "alpine://new?text=3"]);
  });

  it("finds the link in a command line as Windows and Linux pass it", () => {
    expect(deepLinkInArgv(["C:\\Program Files\\Alpine\\Alpine.exe", "--allow-file-access-from-files", "alpine://new?text=hi"])).toBe("alpine://new?text=hi");
    expect(deepLinkInArgv(["/opt/Alpine/alpine-desktop", "ALPINE://conversation?id=a"])).toBe("ALPINE://conversation?id=a");
    expect(deepLinkInArgv(["/opt/Alpine/alpine-desktop", "--no-sandbox"])).toBeNull();
  });

  it("registers the scheme: packaged, the app itself; from source, Electron with the entry script", () => {
    registerProtocolClient(app, { defaultApp: false, execPath: "/opt/Alpine/alpine-desktop", argv: ["/opt/Alpine/alpine-desktop"] });
    registerProtocolClient(app, { defaultApp: true, execPath: "/usr/bin/electron", argv: ["/usr/bin/electron", "out/main/index.js"] });
    expect(registerProtocolClient(app, { defaultApp: true, execPath: "/usr/bin/electron", argv: ["/usr/bin/electron"] })).toBe(false);
    expect(app.protocolClients).toEqual([
      { protocol: "alpine" },
      { protocol: "alpine", path: "/usr/bin/electron", args: [path.resolve("out/main/index.js")] },
    ]);
  });
});

describe("delivery through the app's entry", () => {
  it("a link that launched the app (Windows, Linux: in its argv) reaches the window once the service is open", async () => {
    process.argv.push("alpine://new?text=from%20launch");
    await launchMain();
    expect(app.isDefaultProtocolClient("alpine")).toBe(true);
    const window = await BrowserWindow.next();
    expect(await takeLinks(window, 1)).toEqual([{ kind: "new_conversation", text: "from launch" }]);
  });

  it("macOS: open-url before ready is kept and delivered; after, it comes at once; each brings the window forward", async () => {
    let ready!: () => void;
    app.ready = new Promise<void>((resolve) => (ready = resolve));
    await launchMain();
    const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    app.emit("open-url", event, "alpine://new?text=early");
    expect(event.defaultPrevented).toBe(true);
    expect(BrowserWindow.instances).toHaveLength(0);
    ready();
    const window = await BrowserWindow.next();
    expect(await takeLinks(window, 1)).toEqual([{ kind: "new_conversation", text: "early" }]);
    app.emit("open-url", { preventDefault() {} }, "alpine://conversation?id=..%2Fx");
    expect(await takeLinks(window, 1)).toMatchObject([{ kind: "refused", error: { name: "InvalidDeepLinkParameterError" } }]);
    expect(window.focused).toBeGreaterThanOrEqual(2);
  });

  it("Windows, Linux: a second launch's argv carries the link; a hostile one is refused and nothing starts", async () => {
    await launchMain();
    const window = await BrowserWindow.next();
    app.emit("second-instance", {}, ["/opt/Alpine/alpine-desktop", "alpine://mcp/install?name=x&command=sh&command=rm"], "/home/me");
    expect(await takeLinks(window, 1)).toMatchObject([{ kind: "refused", error: { name: "DuplicateDeepLinkParameterError" } }]);
    app.emit("second-instance", {}, ["/opt/Alpine/alpine-desktop", "alpine://mcp/install?name=files&command=npx"], "/home/me");
    expect(await takeLinks(window, 1)).toEqual([{ kind: "add_mcp_server", server: { name: "files", command: "npx", args: [], envNames: [] } }]);
    const tools = (await ipcMain.invoke("tools:get", {}, from(window))) as { value: { servers: unknown[] } };
    expect(tools.value.servers).toEqual([]);
    const list = (await ipcMain.invoke("conversations:list", {}, from(window))) as { value: { total: number } };
    expect(list.value.total).toBe(0);
  });
});
