/**
 * The language setting: "system" by default and in a file written before it existed; a
 * chosen language persists across restarts; settings:set accepts only the supported codes
 * or "system"; each change announces the language shown from now on.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SETTINGS_FILE_NAME, SettingsFile } from "../../src/main/service/settings/settings-file";
import { resolveLanguage } from "../../src/shared/languages";
import { useServiceFixture } from "./helpers";
import { useSettingsFolders } from "./settings-folders";

const services = useServiceFixture();
const { dataFolder, settingsOnDisk: readFile } = useSettingsFolders();

describe("language setting", () => {
  it("a file written before the setting existed reads as 'system'; a chosen language is saved and kept across restarts", async () => {
    const folder = dataFolder("settings-v1.json");
    const fixture = await services.open({ dataFolder: folder, service: { systemLanguages: () => ["fr-CA", "en-US"] } });
    expect((await fixture.call("settings:get")).language).toBe("system");
    expect(fixture.service.settings.language()).toBe("fr");

    const view = await fixture.call("settings:set", { language: "ja" });
    expect(view.language).toBe("ja");
    expect(readFile(folder)).toMatchObject({ version: 1, model: "claude-opus-4-1", language: "ja" });
    expect(await fixture.log.next((event) => event.type === "language_changed")).toEqual({ type: "language_changed", language: "ja", setting: "ja" });

    await fixture.service.shutdown();
    const again = fixture.reopen();
    try {
      expect((await again.call("settings:get")).language).toBe("ja");
      const launch = await again.call("app:launch");
      expect(launch.settings.language).toBe("ja");
      expect(launch.info.systemLanguages).toEqual(["fr-CA", "en-US"]);
    } finally {
      await again.close();
    }
  });

  it("the frozen file with a language reads it; back to 'system' announces the system's language", async () => {
    const folder = dataFolder("settings-v1-language.json");
    const fixture = await services.open({ dataFolder: folder, service: { systemLanguages: () => ["zh-Hant-TW"] } });
    expect(await fixture.call("settings:get")).toMatchObject({ language: "de", systemPrompt: "Antworte kurz." });
    expect(fixture.service.settings.language()).toBe("de");
    const before = fixture.log.count;
    await fixture.call("settings:set", { language: "system" });
    expect(await fixture.log.next((event) => event.type === "language_changed", before)).toEqual({ type: "language_changed", language: "zh-TW", setting: "system" });
    expect(readFile(folder).language).toBe("system");
  });

  it("settings:set refuses a language Alpine does not speak, and changes nothing", async () => {
    const folder = dataFolder();
    const fixture = await services.open({ dataFolder: folder });
    for (const language of ["nl", "EN", "zh", "", 7, null]) {
      const refused = await fixture.request("settings:set", { language });
      expect(refused, String(language)).toMatchObject({ ok: false });
    }
    expect((await fixture.call("settings:get")).language).toBe("system");
    expect(fs.existsSync(path.join(folder, SETTINGS_FILE_NAME))).toBe(false);
    expect(fixture.log.events.some((event) => event.type === "language_changed")).toBe(false);
    // The service checks too, for callers other than the window.
    expect(() => new SettingsFile(folder).update({ language: "nl" as never })).toThrow(/not a language Alpine speaks/);
  });

  it("a language this version does not know, in the file, reads as 'system'", async () => {
    const folder = dataFolder();
    fs.writeFileSync(path.join(folder, SETTINGS_FILE_NAME), JSON.stringify({ version: 1, model: "claude-sonnet-4-6", language: "tlh" }));
    expect(new SettingsFile(folder).get().language).toBe("system");
  });
});

describe("the system's languages", () => {
  it("are null in the launch answer where none were given (the window's own languages decide)", async () => {
    const fixture = await services.open({ dataFolder: dataFolder() });
    expect((await fixture.call("app:launch")).info.systemLanguages).toBeNull();
    expect((await fixture.call("app:info")).systemLanguages).toBeNull();
  });

  it("without Electron's list, are the environment's on Linux, as Electron reads them there (LANGUAGE first), else Intl's", async () => {
    const saved = process.env.LANGUAGE;
    process.env.LANGUAGE = "sv_SE:ja_JP:en";
    try {
      const fixture = await services.open({ dataFolder: dataFolder() });
      const launch = await fixture.call("app:launch");
      // Intl's locale is fixed when the process starts, and never from LANGUAGE: the service read the environment itself.
      const expected = process.platform === "win32" || process.platform === "darwin" ? resolveLanguage("system", [Intl.DateTimeFormat().resolvedOptions().locale]) : "ja";
      expect(fixture.service.settings.language()).toBe(expected);
      expect(launch.settings.language).toBe("system");
    } finally {
      if (saved === undefined) delete process.env.LANGUAGE;
      else process.env.LANGUAGE = saved;
    }
  });
});
