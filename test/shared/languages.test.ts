/**
 * Which supported language a system's or browser's preferred languages mean: the first one
 * that matches, in order; Chinese by script or region; every Portuguese to Brazilian; else English.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES, LANGUAGE_NAMES, languageDirection, matchLanguage, resolveLanguage } from "../../src/shared/languages";

describe("matchLanguage", () => {
  it("maps each supported code to itself", () => {
    for (const code of LANGUAGES) expect(matchLanguage([code])).toBe(code);
  });

  it("takes the base language of a regional tag, in any case or with an underscore", () => {
    expect(matchLanguage(["de-CH"])).toBe("de");
    expect(matchLanguage(["fr_CA"])).toBe("fr");
    expect(matchLanguage(["ES-419"])).toBe("es");
    expect(matchLanguage(["ja-JP"])).toBe("ja");
    expect(matchLanguage(["ar-EG"])).toBe("ar");
    expect(matchLanguage(["en-GB"])).toBe("en");
  });

  it("Chinese: Simplified by zh-Hans, CN, SG or no region; Traditional by zh-Hant, TW, HK, MO", () => {
    for (const tag of ["zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "zh-Hans-HK", "zh_CN"]) expect(matchLanguage([tag]), tag).toBe("zh-CN");
    for (const tag of ["zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-Hant-TW", "zh-Hant-CN", "zh_HK"]) expect(matchLanguage([tag]), tag).toBe("zh-TW");
  });

  it("every Portuguese is Brazilian Portuguese", () => {
    for (const tag of ["pt", "pt-BR", "pt-PT", "pt-AO"]) expect(matchLanguage([tag])).toBe("pt-BR");
  });

  it("the first supported tag wins, in the order given; nothing supported (or nothing at all) is English", () => {
    expect(matchLanguage(["nl-NL", "sv", "ko-KR", "de"])).toBe("ko");
    expect(matchLanguage(["ru", "en-US"])).toBe("ru");
    expect(matchLanguage(["nl", "", "  ", "x-klingon"])).toBe("en");
    expect(matchLanguage([])).toBe("en");
  });

  it("a chosen language wins over the system's; 'system' follows the system", () => {
    expect(resolveLanguage("it", ["ja-JP"])).toBe("it");
    expect(resolveLanguage("system", ["ja-JP"])).toBe("ja");
  });

  it("every language has its own name and a direction; only Arabic is right to left", () => {
    expect(LANGUAGES).toEqual(["en", "zh-CN", "zh-TW", "ja", "ko", "de", "fr", "es", "pt-BR", "ru", "it", "ar"]);
    expect(LANGUAGES.filter((code) => languageDirection(code) === "rtl")).toEqual(["ar"]);
    expect(new Set(LANGUAGES.map((code) => LANGUAGE_NAMES[code])).size).toBe(LANGUAGES.length);
  });
});
