/**
 * Open at login with the stand-in electron: off by default (nothing registered), turned on and
 * off as the setting says, written only on a change, and left alone where Electron has no such
 * API (Linux) or when run from source.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { applyOpenAtLogin } = await import("../../src/main/electron/login-item");

describe("open at login", () => {
  beforeEach(() => {
    resetFakeElectron();
    app.isPackaged = true;
  });

  it("macOS and Windows: registered when turned on, removed when turned off, written only on a change", () => {
    for (const platform of ["darwin", "win32"] as const) {
      resetFakeElectron();
      app.isPackaged = true;
      expect(applyOpenAtLogin(app, platform, false)).toBe(true);
      expect(app.loginItemCalls).toEqual([]); // off by default: nothing registered
      applyOpenAtLogin(app, platform, true);
      applyOpenAtLogin(app, platform, true);
      applyOpenAtLogin(app, platform, false);
      expect(app.loginItemCalls, platform).toEqual([{ openAtLogin: true }, { openAtLogin: false }]);
    }
  });

  it("Linux, and a run from source: nothing is touched", () => {
    expect(applyOpenAtLogin(app, "linux", true)).toBe(false);
    app.isPackaged = false;
    expect(applyOpenAtLogin(app, "darwin", true)).toBe(false);
    expect(app.loginItemCalls).toEqual([]);
  });
});
