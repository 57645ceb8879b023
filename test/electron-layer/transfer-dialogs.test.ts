/**
 * The save and open dialogs of export and import: attached to the window when there is one,
 * filtered by the export's kind, answering the chosen path or null when cancelled.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { exportFileChooser, importFileChooser } from "../../src/main/electron/transfer-dialogs";
import { ENGLISH_WORDS } from "../../src/main/service/words/words";
import { BrowserWindow, dialog, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const english = () => ENGLISH_WORDS;

beforeEach(() => {
  resetFakeElectron();
  dialog.opened.length = 0;
});

describe("export and import dialogs", () => {
  it("saves to the chosen path, as JSON or Markdown, on the window", async () => {
    const window = new BrowserWindow({}) as never;
    dialog.chosen = "/home/me/alpine.json";
    expect(await exportFileChooser(() => window, english)("alpine-all.json")).toBe("/home/me/alpine.json");
    expect(dialog.opened[0].parent).toBe(window);
    expect(dialog.opened[0].options).toMatchObject({ defaultPath: "alpine-all.json", filters: [{ extensions: ["json"] }] });
    dialog.chosen = null;
    expect(await exportFileChooser(() => null, english)("alpine-x-tree.md")).toBeNull();
    expect(dialog.opened[1]).toMatchObject({ parent: null, options: { filters: [{ extensions: ["md"] }] } });
  });

  it("opens the chosen file, or null when cancelled", async () => {
    dialog.chosen = "/home/me/conversations.json";
    expect(await importFileChooser(() => null, english)()).toBe("/home/me/conversations.json");
    const window = new BrowserWindow({}) as never;
    dialog.chosen = null;
    expect(await importFileChooser(() => window, english)()).toBeNull();
    expect(dialog.opened[1].parent).toBe(window);
  });
});
