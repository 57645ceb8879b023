/**
 * The open dialog of Settings → Tools → Install bundle…: on the window when there is one,
 * limited to bundle files, answering the chosen path or null when cancelled.
 */
import { beforeEach, expect, it, vi } from "vitest";
import { bundleFileChooser } from "../../src/main/electron/bundle-dialog";
import { ENGLISH_WORDS } from "../../src/main/service/words/words";
import { BrowserWindow, dialog, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const english = () => ENGLISH_WORDS;

beforeEach(() => {
  resetFakeElectron();
  dialog.opened.length = 0;
});

it("opens a .mcpb (or .dxt) file, on the window, or null when cancelled", async () => {
  const window = new BrowserWindow({}) as never;
  dialog.chosen = "/home/me/Downloads/weather.mcpb";
  expect(await bundleFileChooser(() => window, english)()).toBe("/home/me/Downloads/weather.mcpb");
  expect(dialog.opened[0]).toMatchObject({ parent: window, options: { properties: ["openFile"], filters: [{ name: "MCP Bundle", extensions: ["mcpb", "dxt"] }] } });
  dialog.chosen = null;
  expect(await bundleFileChooser(() => null, english)()).toBeNull();
  expect(dialog.opened[1]!.parent).toBeNull();
});
