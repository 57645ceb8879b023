/**
 * The quick-entry window's language: the main window's last one (the hint both pages share) at
 * once, so it opens without waiting; then the setting as the main process has it, and every
 * change of it (a `language_changed` event), applied at once.
 */
import type { AlpineApi } from "../../../shared/ipc-contract";
import { resolveLanguage } from "../../../shared/languages";
import { applyLanguage, switchLanguage } from "../i18n/apply-language";
import { loadCatalogue } from "../i18n/catalogue-loaders";
import { browserLanguages, guessLanguage } from "../i18n/early-language";

/** Resolves once the first language is shown (render after it). */
export async function startQuickEntryLanguage(api: AlpineApi): Promise<void> {
  const guess = guessLanguage();
  applyLanguage(guess, await loadCatalogue(guess), null);
  let systemLanguages: readonly string[] | null = null;
  api.onEvent((event) => {
    if (event.type !== "language_changed") return;
    void switchLanguage(systemLanguages ? event.language : resolveLanguage(event.setting, browserLanguages()), null).catch(() => undefined);
  });
  // After the first render: the setting itself, in case the hint was out of date.
  void Promise.all([api.request("settings:get", {}), api.request("app:info", {})])
    .then(([settings, info]) => {
      systemLanguages = info.systemLanguages;
      return switchLanguage(resolveLanguage(settings.language, systemLanguages ?? browserLanguages()), null);
    })
    .catch(() => undefined); // the hint's language stays
}
