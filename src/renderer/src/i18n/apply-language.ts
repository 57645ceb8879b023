/**
 * Showing a language: its catalogue put in the window's i18next instance, the instance switched
 * to it (every component using the catalogue renders again), `<html lang dir>` set (Arabic lays
 * the window out right to left), times and numbers formatted in it, and the language remembered
 * as the next launch's hint. A switch applies at once, without a restart.
 */
import type { LanguageSetting } from "../../../shared/languages";
import { emitAppEvent } from "../app-events";
import { setTimeLocale } from "../lib/relative-time";
import { type Catalogue, loadCatalogue } from "./catalogue-loaders";
import { formattingLocale, rememberLanguageHint, showLanguageOnPage } from "./early-language";
import { i18n } from "./i18n";

/**
 * Shows `code` with its loaded catalogue now (synchronously: the first render follows at once).
 * `setting`: the setting it came from, kept with it as the next launch's hint (null: keep no hint).
 */
export function applyLanguage(code: string, catalogue: Catalogue, setting: LanguageSetting | null): void {
  if (!i18n.hasResourceBundle(code, "translation")) i18n.addResourceBundle(code, "translation", catalogue, true, true);
  setTimeLocale(formattingLocale(code));
  showLanguageOnPage(code);
  if (setting) rememberLanguageHint(code, setting);
  if (i18n.language !== code) {
    void i18n.changeLanguage(code);
    emitAppEvent("language-changed", { language: code, setting });
  }
}

/** Loads `code`'s catalogue, then shows it; the same language again changes nothing. */
export async function switchLanguage(code: string, setting: LanguageSetting | null): Promise<void> {
  const catalogue = await loadCatalogue(code);
  applyLanguage(code, catalogue, setting);
}
