/**
 * The application menu a packaged build gets, on every platform: Edit, View (zoom), Window,
 * the macOS app menu, and no item that reloads the window or opens the developer tools.
 */
import { describe, expect, it } from "vitest";
import { applicationMenuTemplate, menuItems } from "../../src/main/electron/app-menu-template";
import { ENGLISH_WORDS as words } from "../../src/main/service/words/words";

const PLATFORMS = ["darwin", "win32", "linux"] as const;
const DEVELOPER_ROLES = ["reload", "forceReload", "toggleDevTools"];
const roles = (items: ReturnType<typeof menuItems>) => items.map((item) => item.role).filter(Boolean);
const topMenu = (template: ReturnType<typeof applicationMenuTemplate>, label: string) => template.find((item) => item.label === label);

describe.each(PLATFORMS)("the application menu of a packaged build on %s", (platform) => {
  const template = applicationMenuTemplate({ appName: "Alpine", platform, isPackaged: true, words, onCheckForUpdates: () => {} });

  it("has no Reload and no Toggle Developer Tools, in any menu", () => {
    const all = roles(menuItems(template));
    for (const role of DEVELOPER_ROLES) expect(all).not.toContain(role);
    expect(menuItems(template).map((item) => item.label ?? "")).not.toContainEqual(expect.stringMatching(/reload|developer/i));
  });

  it("has Edit with undo, cut, copy, paste and select all", () => {
    const edit = topMenu(template, "Edit");
    expect(roles(menuItems([edit!]))).toEqual(expect.arrayContaining(["editMenu", "undo", "redo", "cut", "copy", "paste", "selectAll"]));
  });

  it("has View with the zoom, and Window", () => {
    expect(roles(menuItems([topMenu(template, "View")!]))).toEqual(expect.arrayContaining(["resetZoom", "zoomIn", "zoomOut"]));
    expect(roles(menuItems([topMenu(template, "Window")!]))).toEqual(expect.arrayContaining(["windowMenu", "minimize"]));
  });

  it("offers Check for Updates…", () => {
    expect(menuItems(template).filter((item) => item.id === "check-for-updates")).toHaveLength(1);
  });
});

describe("the application menu", () => {
  it("on macOS starts with the app menu: about, hide, quit", () => {
    const [first] = applicationMenuTemplate({ appName: "Alpine", platform: "darwin", isPackaged: true, words });
    expect(first.label).toBe("Alpine");
    expect(roles(menuItems([first]))).toEqual(expect.arrayContaining(["appMenu", "about", "hide", "hideOthers", "quit"]));
  });

  it("keeps Reload and the developer tools when the app runs from source", () => {
    for (const platform of PLATFORMS) {
      const template = applicationMenuTemplate({ appName: "Alpine", platform, isPackaged: false, words });
      expect(roles(menuItems(template))).toEqual(expect.arrayContaining(DEVELOPER_ROLES));
    }
  });

  it("calls the update check from its item", () => {
    let checks = 0;
    const template = applicationMenuTemplate({ appName: "Alpine", platform: "linux", isPackaged: true, words, onCheckForUpdates: () => checks++ });
    const item = menuItems(template).find((entry) => entry.id === "check-for-updates")!;
    (item.click as () => void)();
    expect(checks).toBe(1);
  });
});
