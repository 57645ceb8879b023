/**
 * Settings: a small versioned JSON file in the data folder, replaced atomically and kept
 * across restarts; a folder must exist; a broken file does not keep the app from opening.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MODEL, SETTINGS_FILE_NAME, SETTINGS_VERSION } from "../../src/main/service/settings/settings-file";
import { DEFAULT_DESKTOP_SETTINGS } from "../../src/shared/desktop-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
const folders: string[] = [];
afterEach(async () => {
  await fixture?.close();
  for (const folder of folders.splice(0)) removeDir(folder);
});

function tempFolder(): string {
  const folder = makeTempDir();
  folders.push(folder);
  return folder;
}

describe("settings", () => {
  it("starts from defaults, saves changes to a versioned owner-only file, and keeps them across restarts", async () => {
    const dataFolder = tempFolder();
    const chosen = tempFolder();
    fixture = await openService({ dataFolder });
    expect(await fixture.call("settings:get")).toMatchObject({ model: DEFAULT_MODEL, folder: null, hasApiKey: true });

    const updated = await fixture.call("settings:set", { model: "claude-opus-4-1", systemPrompt: "Be brief.", folder: chosen });
    expect(updated).toEqual({
      model: "claude-opus-4-1",
      systemPrompt: "Be brief.",
      folder: chosen,
      desktop: DEFAULT_DESKTOP_SETTINGS,
      language: "system",
      defaultProvider: null,
      defaultProviderRemoved: false,
      hasApiKey: true,
      keyStorage: { protection: "memory-only", backend: null, memoryOnly: true, canStoreOnDisk: false },
    });
    const file = path.join(dataFolder, SETTINGS_FILE_NAME);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ version: SETTINGS_VERSION, model: "claude-opus-4-1", systemPrompt: "Be brief.", folder: chosen, desktop: DEFAULT_DESKTOP_SETTINGS, language: "system", defaultProvider: null });
    if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataFolder).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    await fixture.service.shutdown();
    const again = fixture.reopen();
    try {
      expect(await again.call("settings:get")).toMatchObject({ model: "claude-opus-4-1", systemPrompt: "Be brief.", folder: chosen });
    } finally {
      await again.close();
    }
  });

  it("the desktop settings change one at a time, persist, refuse a shortcut Electron cannot use, and fall back per setting", async () => {
    const dataFolder = tempFolder();
    fixture = await openService({ dataFolder });
    expect((await fixture.call("settings:get")).desktop).toEqual(DEFAULT_DESKTOP_SETTINGS);
    const changed = await fixture.call("settings:set", { desktop: { notifyRunEnded: false, quickEntryShortcut: " CommandOrControl+Shift+K ", openAtLogin: true } });
    expect(changed.desktop).toEqual({ ...DEFAULT_DESKTOP_SETTINGS, notifyRunEnded: false, quickEntryShortcut: "CommandOrControl+Shift+K", openAtLogin: true });
    for (const shortcut of ["K", "Alt+", "Alt+Space+Shift", "Hyper+K"]) {
      const refused = await fixture.request("settings:set", { desktop: { quickEntryShortcut: shortcut } });
      expect(refused, shortcut).toMatchObject({ ok: false, error: { name: "InvalidSettingError", message: expect.stringContaining("Alt+Space") } });
    }
    expect(await fixture.request("settings:set", { desktop: { tray: "yes" } })).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
    expect((await fixture.call("settings:set", { desktop: { quickEntryShortcut: "" } })).desktop.quickEntryShortcut).toBe("");
    await fixture.service.shutdown();
    // A value this version cannot use (hand-edited, say) falls back to its default alone.
    const file = path.join(dataFolder, SETTINGS_FILE_NAME);
    const written = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify({ ...written, desktop: { ...written.desktop, badgeCount: "often", quickEntryShortcut: "Q" } }));
    fixture = fixture.reopen();
    expect((await fixture.call("settings:get")).desktop).toEqual({ ...DEFAULT_DESKTOP_SETTINGS, notifyRunEnded: false, openAtLogin: true });
  });

  it("the model and system prompt are what the next run sends", async () => {
    fixture = await openService();
    await fixture.call("settings:set", { model: "claude-haiku-4-5", systemPrompt: "Answer in French." });
    fixture.model.script({ text: "Bonjour" });
    const { id } = await fixture.call("runs:start", { text: "Hello" });
    await fixture.log.step(id, "run_end");
    const [request] = await fixture.model.waitForRequests(1);
    expect(request.body.model).toBe("claude-haiku-4-5");
    expect(JSON.stringify(request.body.system)).toContain("Answer in French.");
  });

  it("refuses a folder that does not exist, a relative one, or a file; null clears it", async () => {
    const dataFolder = tempFolder();
    fixture = await openService({ dataFolder });
    for (const folder of [path.join(dataFolder, "missing"), "relative/path", path.join(dataFolder, "alpine.db")]) {
      const result = await fixture.request("settings:set", { folder });
      expect(result).toMatchObject({ ok: false, error: { name: "InvalidSettingError" } });
    }
    await fixture.call("settings:set", { folder: dataFolder });
    expect(await fixture.call("settings:set", { folder: null })).toMatchObject({ folder: null });
  });

  it("chooseFolder uses the injected dialog; without one it says what to do", async () => {
    const chosen = tempFolder();
    fixture = await openService({ service: { chooseFolder: async () => chosen } });
    expect(await fixture.call("settings:chooseFolder")).toMatchObject({ folder: chosen });
    await fixture.close();
    fixture = await openService();
    expect(await fixture.request("settings:chooseFolder", {})).toMatchObject({
      ok: false,
      error: { name: "InvalidSettingError", message: expect.stringMatching(/type the folder's full path/) },
    });
  });

  it("a broken settings file is set aside and the app opens with defaults; a newer version's file is read but never rewritten", async () => {
    const dataFolder = tempFolder();
    fs.writeFileSync(path.join(dataFolder, SETTINGS_FILE_NAME), "{ not json");
    fixture = await openService({ dataFolder });
    expect(await fixture.call("settings:get")).toMatchObject({ model: DEFAULT_MODEL });
    expect(fs.readdirSync(dataFolder).some((name) => name.startsWith(`${SETTINGS_FILE_NAME}.unreadable-`))).toBe(true);
    await fixture.close();

    const newer = tempFolder();
    fs.writeFileSync(path.join(newer, SETTINGS_FILE_NAME), JSON.stringify({ version: 2, model: "m-2", theme: "dark" }));
    fixture = await openService({ dataFolder: newer });
    expect(await fixture.call("settings:get")).toMatchObject({ model: "m-2" });
    const before = fs.readFileSync(path.join(newer, SETTINGS_FILE_NAME), "utf8");
    expect(await fixture.request("settings:set", { systemPrompt: "Hi" })).toMatchObject({
      ok: false,
      error: { name: "NewerFileVersionError" },
    });
    expect(fs.readFileSync(path.join(newer, SETTINGS_FILE_NAME), "utf8")).toBe(before);
  });

  it("setApiKey keeps the key in the secret keeper; an empty key clears it", async () => {
    fixture = await openService({ apiKey: null });
    expect(await fixture.call("settings:setApiKey", { apiKey: "sk-ant-abc" })).toMatchObject({ hasApiKey: true });
    expect(fixture.secrets.get()).toBe("sk-ant-abc");
    expect(await fixture.request("settings:setApiKey", { apiKey: "sk ant" })).toMatchObject({ ok: false, error: { name: "InvalidSettingError" } });
    expect(await fixture.call("settings:setApiKey", { apiKey: "" })).toMatchObject({ hasApiKey: false });
    expect(fixture.secrets.get()).toBeNull();
  });
});
