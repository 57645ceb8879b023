/**
 * The system's languages where Electron does not give them (the test host, a script): read from
 * the environment on Linux as Electron reads them there (GLib: LANGUAGE, else LC_ALL,
 * LC_MESSAGES, LANG), so the service's open makes no Intl object; elsewhere, Intl's locale.
 */
import { describe, expect, it } from "vitest";
import { environmentLanguages, processLanguages } from "../../src/main/service/settings/process-languages";
import { resolveLanguage } from "../../src/shared/languages";

describe("the system's languages without Electron", () => {
  it("reads a POSIX locale as a language tag, without its encoding or modifier", () => {
    expect(environmentLanguages({ LANG: "de_AT.UTF-8" })).toEqual(["de-AT"]);
    expect(environmentLanguages({ LANG: "fr_FR@euro" })).toEqual(["fr-FR"]);
    expect(environmentLanguages({ LANG: "ja" })).toEqual(["ja"]);
    expect(environmentLanguages({ LANG: "es_419.UTF-8" })).toEqual(["es-419"]);
  });

  it("takes LC_ALL over LC_MESSAGES over LANG, and the LANGUAGE list over all of them, in its order", () => {
    expect(environmentLanguages({ LANG: "de_DE.UTF-8", LC_MESSAGES: "it_IT.UTF-8" })).toEqual(["it-IT"]);
    expect(environmentLanguages({ LANG: "de_DE.UTF-8", LC_MESSAGES: "it_IT.UTF-8", LC_ALL: "ko_KR.UTF-8" })).toEqual(["ko-KR"]);
    expect(environmentLanguages({ LANG: "de_DE.UTF-8", LANGUAGE: "pt_BR:pt:en" })).toEqual(["pt-BR", "pt", "en"]);
    expect(environmentLanguages({ LANG: "de_DE.UTF-8", LANGUAGE: "" })).toEqual(["de-DE"]);
    expect(environmentLanguages({ LC_ALL: "  ", LANG: "ru_RU.UTF-8" })).toEqual(["ru-RU"]);
  });

  it("names no language for the POSIX default locale, an unset environment, or what is not a locale name", () => {
    expect(environmentLanguages({ LANG: "C.UTF-8" })).toEqual([]);
    expect(environmentLanguages({ LC_ALL: "POSIX" })).toEqual([]);
    expect(environmentLanguages({})).toEqual([]);
    expect(environmentLanguages({ LANG: "/usr/share/locale/de" })).toEqual([]);
    expect(environmentLanguages({ LANGUAGE: "zh_TW:C:zh_TW" })).toEqual(["zh-TW"]);
  });

  it("gives the service the language to show: the first one it has, else English", () => {
    expect(resolveLanguage("system", environmentLanguages({ LANG: "zh_TW.UTF-8" }))).toBe("zh-TW");
    expect(resolveLanguage("system", environmentLanguages({ LANGUAGE: "sv:de", LANG: "sv_SE.UTF-8" }))).toBe("de");
    expect(resolveLanguage("system", environmentLanguages({ LANG: "C" }))).toBe("en");
  });

  it("reads the environment on Linux, and Intl's locale on Windows and macOS", () => {
    expect(processLanguages("linux", { LANG: "ar_EG.UTF-8" })).toEqual(["ar-EG"]);
    const intl = Intl.DateTimeFormat().resolvedOptions().locale;
    expect(processLanguages("win32", { LANG: "ar_EG.UTF-8" })).toEqual([intl]);
    expect(processLanguages("darwin", {})).toEqual([intl]);
  });
});
