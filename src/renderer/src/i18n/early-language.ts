/**
 * Which language the window shows, decided early: the person's setting wins; "system" means the
 * system's preferred languages (the app hands them over with the launch answer) or, in the test
 * host, the browser's own. Before the launch answer is in, a hint kept in localStorage (the
 * language resolved last time) lets the catalogue load beside the first request; the main
 * process's setting stays the truth. Imported by the window's entry: no i18next here.
 */
import { type LanguageSetting, isLanguageCode, isLanguageSetting, languageDirection, matchLanguage, resolveLanguage } from "../../../shared/languages";
import type { LaunchView } from "../../../shared/view-types";
import { hasCatalogue } from "./catalogue-loaders";

const HINT_KEY = "alpine.language";

interface LanguageHint {
  /** The language shown last time. */
  language: string;
  /** The setting it came from. */
  setting: LanguageSetting;
}

/** The browser's preferred languages (in the app: Chromium's, from the app's locale). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** A language asked for by the page's address (`?language=en-XA`), for development and tests; the app's page has no query. */
function languageAsked(): string | null {
  if (typeof location === "undefined") return null;
  const asked = new URLSearchParams(location.search).get("language");
  return asked && hasCatalogue(asked) ? asked : null;
}

function readHint(): LanguageHint | null {
  try {
    const hint = JSON.parse(localStorage.getItem(HINT_KEY) ?? "null") as Partial<LanguageHint> | null;
    if (hint && typeof hint.language === "string" && hasCatalogue(hint.language) && isLanguageSetting(hint.setting)) return hint as LanguageHint;
  } catch {
    // No storage, or a hint this version cannot read: guessed from the browser instead.
  }
  return null;
}

/** Keeps the language just shown (a hint for the next launch: the main process keeps the setting). */
export function rememberLanguageHint(language: string, setting: LanguageSetting): void {
  try {
    const hint = JSON.stringify({ language, setting } satisfies LanguageHint);
    if (localStorage.getItem(HINT_KEY) !== hint) localStorage.setItem(HINT_KEY, hint);
  } catch {
    // Only a hint: the next launch loads the catalogue once the launch answer is in.
  }
}

/** Whether the window follows the browser's languages for "system" (the test host), not the system's from the app. */
const followsBrowser = () => typeof window === "undefined" || !window.alpine;

/**
 * The best guess before the launch answer: the language asked by the address, else the last one
 * shown (in the test host, "system" is the browser's languages, known now), else the kept first
 * screen's, else the browser's.
 */
export function guessLanguage(kept?: KeptLanguage): string {
  const asked = languageAsked();
  if (asked) return asked;
  const hint = readHint();
  if (hint && !(hint.setting === "system" && followsBrowser())) return hint.language;
  // No hint (a new profile, cleared storage): a kept screen the main process served is in the
  // setting's language, which it checked as it served the page; not when "system" means this
  // browser's languages, which only the window knows.
  if (!hint && kept && hasCatalogue(kept.language) && isLanguageSetting(kept.setting) && !(kept.setting === "system" && followsBrowser())) return kept.language;
  return matchLanguage(browserLanguages());
}

/** The language a kept first screen was drawn in, and the setting it came from (as the page carries them). */
export interface KeptLanguage {
  language: string;
  setting: string | undefined;
}

/** The language to show with the main process's answer: the setting, resolved with the system's (or the browser's) languages. */
export function languageOfLaunch(launch: LaunchView): string {
  return languageAsked() ?? resolveLanguage(launch.settings.language, launch.info.systemLanguages ?? browserLanguages());
}

/**
 * The locale numbers and dates are formatted in: the browser's own tag when it is the same
 * language (en-GB keeps day-month order, pt-PT its own formats), else the language shown.
 */
export function formattingLocale(language: string): string {
  const own = browserLanguages().find((tag) => matchLanguage([tag]) === language && tag.toLowerCase().split("-")[0] === language.toLowerCase().split("-")[0]);
  if (own) return own;
  try {
    return Intl.getCanonicalLocales(language)[0] ?? "en";
  } catch {
    return "en";
  }
}

/** Left to right but for the right-to-left languages (a pseudo-locale reads left to right). */
export function directionOf(code: string): "ltr" | "rtl" {
  return isLanguageCode(code) ? languageDirection(code) : "ltr";
}

/** `<html lang dir>` for the language shown: the layout mirrors for a right-to-left one. */
export function showLanguageOnPage(code: string): void {
  const root = document.documentElement;
  root.lang = code;
  root.dir = directionOf(code);
}
