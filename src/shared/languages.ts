/**
 * The languages the window speaks: their codes (the catalogue file names), each one's own
 * name and writing direction, and how a system's or browser's preferred languages map to
 * one of them. Shared by the service (the setting), the main process (menu, dialogs) and
 * the window (which catalogue to load).
 */

/** The supported languages, English first (the reference catalogue and the fallback). */
export const LANGUAGES = ["en", "zh-CN", "zh-TW", "ja", "ko", "de", "fr", "es", "pt-BR", "ru", "it", "ar"] as const;

export type LanguageCode = (typeof LANGUAGES)[number];

/** The setting: a language the person chose, or "system" (follow the system's preferred languages). */
export type LanguageSetting = "system" | LanguageCode;

export const DEFAULT_LANGUAGE_SETTING: LanguageSetting = "system";

/** Each language's name in itself, as the language choice lists it. */
export const LANGUAGE_NAMES: Readonly<Record<LanguageCode, string>> = {
  en: "English",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  ja: "日本語",
  ko: "한국어",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ru: "Русский",
  it: "Italiano",
  ar: "العربية",
};

/** The languages written right to left; every other one is left to right. */
const RIGHT_TO_LEFT: ReadonlySet<LanguageCode> = new Set<LanguageCode>(["ar"]);

export function languageDirection(code: LanguageCode): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(code) ? "rtl" : "ltr";
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isLanguageSetting(value: unknown): value is LanguageSetting {
  return value === "system" || isLanguageCode(value);
}

const TRADITIONAL_CHINESE_REGIONS = new Set(["TW", "HK", "MO"]);

/** One BCP 47 tag (e.g. "zh-Hant-HK", "pt_PT", "de-CH") to a supported language, or null. */
function matchTag(tag: string): LanguageCode | null {
  const parts = tag.trim().replace(/_/g, "-").split("-").filter(Boolean);
  const base = parts[0]?.toLowerCase();
  if (!base) return null;
  if (base === "zh") {
    const script = parts.find((part, index) => index > 0 && part.length === 4)?.toLowerCase();
    if (script === "hant") return "zh-TW";
    if (script === "hans") return "zh-CN";
    const region = parts.find((part, index) => index > 0 && part.length === 2)?.toUpperCase();
    return region && TRADITIONAL_CHINESE_REGIONS.has(region) ? "zh-TW" : "zh-CN";
  }
  if (base === "pt") return "pt-BR";
  return isLanguageCode(base) ? base : null;
}

/**
 * The first supported language among the preferred ones, in their order: zh-Hans*, zh-CN,
 * zh-SG (and a bare zh) to Simplified Chinese; zh-Hant*, zh-TW, zh-HK, zh-MO to Traditional;
 * every Portuguese to Brazilian Portuguese; else the base language. Nothing matches: English.
 */
export function matchLanguage(tags: readonly string[]): LanguageCode {
  for (const tag of tags) {
    const match = matchTag(tag);
    if (match) return match;
  }
  return "en";
}

/** The language shown: the person's choice, else the first supported system language. */
export function resolveLanguage(setting: LanguageSetting, systemLanguages: readonly string[]): LanguageCode {
  return setting === "system" ? matchLanguage(systemLanguages) : setting;
}
