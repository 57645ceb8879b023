/**
 * The first screen's catalogue: the guessed language's starts loading at once; the launch
 * answer decides (the setting, else the system's languages it carries), and another catalogue
 * is loaded only when the guess was wrong. A language can be added (a pseudo-locale).
 */
import { describe, expect, it } from "vitest";
import type { LaunchView } from "../../../src/shared/view-types";
import type { LaunchOutcome } from "../../../src/renderer/src/start/first-request";
import { startLanguage } from "../../../src/renderer/src/i18n/start-language";
import { addCatalogueLoader, hasCatalogue, loadCatalogue, UnknownLanguageError } from "../../../src/renderer/src/i18n/catalogue-loaders";
import { guessLanguage, languageOfLaunch } from "../../../src/renderer/src/i18n/early-language";
import { matchLanguage } from "../../../src/shared/languages";

const launchWith = (language: string, systemLanguages: string[] | null): LaunchOutcome => ({
  ok: true,
  launch: { settings: { language }, info: { systemLanguages } } as unknown as LaunchView,
});

describe("the first screen's language", () => {
  it("the setting wins; 'system' is the system's languages from the launch answer", async () => {
    const german = await startLanguage(Promise.resolve(launchWith("de", ["ja-JP"])), "en");
    expect(german.code).toBe("de");
    expect((german.catalogue.welcome as Record<string, string>).title).toBe("Woran wollen wir arbeiten?");
    expect((await startLanguage(Promise.resolve(launchWith("system", ["zh-Hant-HK", "en"])), "en")).code).toBe("zh-TW");
  });

  it("without the system's languages (the test host), 'system' is the browser's", () => {
    const { launch } = launchWith("system", null) as { launch: LaunchView };
    expect(languageOfLaunch(launch)).toBe(matchLanguage(navigator.languages));
  });

  it("with no hint kept (a new profile), the guess is the kept first screen's language when the main process could check it", () => {
    const browsers = matchLanguage(navigator.languages);
    // A fixed setting: the main process serves only a screen kept in it.
    expect(guessLanguage({ language: "de", setting: "de" })).toBe("de");
    // "System default" in the test host means this browser's languages, which only the window knows.
    expect(guessLanguage({ language: browsers === "ja" ? "ko" : "ja", setting: "system" })).toBe(browsers);
    // A screen kept before settings were recorded with it, or with no catalogue: the browser's.
    expect(guessLanguage({ language: "de", setting: undefined })).toBe(browsers);
    expect(guessLanguage({ language: "xx", setting: "de" })).toBe(browsers);
    // In the app, "system" is the system's languages, which the main process checked as it served the page.
    const global = globalThis as { window?: unknown };
    const before = global.window;
    global.window = { alpine: {} };
    try {
      expect(guessLanguage({ language: "ja", setting: "system" })).toBe("ja");
    } finally {
      global.window = before;
    }
  });

  it("a launch that failed shows the guess; a guess without a catalogue does not stop the right one", async () => {
    expect((await startLanguage(Promise.resolve({ ok: false, error: new Error("down") }), "ko")).code).toBe("ko");
    expect((await startLanguage(Promise.resolve(launchWith("it", null)), "xx")).code).toBe("it");
    await expect(loadCatalogue("xx")).rejects.toBeInstanceOf(UnknownLanguageError);
  });

  it("another file can add a language's catalogue, loaded once", async () => {
    let loads = 0;
    expect(hasCatalogue("en-XA")).toBe(false);
    addCatalogueLoader("en-XA", async () => {
      loads++;
      return { welcome: { title: "[Ŵĥåţ šĥåļļ ŵé ŵöŕķ öñ? one two]" } };
    });
    expect(hasCatalogue("en-XA")).toBe(true);
    await loadCatalogue("en-XA");
    const pseudo = await startLanguage(Promise.resolve({ ok: false, error: null }), "en-XA");
    expect(pseudo).toEqual({ code: "en-XA", catalogue: { welcome: { title: "[Ŵĥåţ šĥåļļ ŵé ŵöŕķ öñ? one two]" } } });
    expect(loads).toBe(1);
  });
});
