/**
 * Settings → Language: "System default (<its name>)" or one of the twelve languages, each named
 * in itself (and marked with its `lang`, so a screen reader says it in that language). A choice
 * is saved first, then shown at once, without a restart; the list keeps showing the saved
 * choice until main has it.
 */
import { useShallow } from "zustand/react/shallow";
import { LANGUAGES, LANGUAGE_NAMES, isLanguageSetting, languageDirection, matchLanguage } from "../../../../shared/languages";
import { browserLanguages } from "../../i18n/early-language";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";

export function LanguageSection() {
  const { t } = useTranslation();
  const { setting, systemLanguages, error, change } = useAppStore(
    useShallow((s) => ({
      setting: s.settings?.language ?? null,
      systemLanguages: s.info?.systemLanguages ?? null,
      error: s.languageError,
      change: s.changeLanguage,
    })),
  );
  if (!setting) return null;
  const system = matchLanguage(systemLanguages ?? browserLanguages());
  return (
    <section className="field" aria-labelledby="settings-language" data-testid="language-settings">
      <h3 id="settings-language" className="field__label">
        {t("language.heading")}
      </h3>
      <div className="field__row">
        <label htmlFor="settings-language-choice">{t("language.label")}</label>
        <select
          id="settings-language-choice"
          className="input"
          value={setting}
          aria-describedby="settings-language-note"
          onChange={(event) => isLanguageSetting(event.target.value) && void change(event.target.value)}
        >
          <option value="system">{t("language.system", { name: LANGUAGE_NAMES[system] })}</option>
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code} dir={languageDirection(code)}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </div>
      <p id="settings-language-note" className="field__note">
        {t("language.note")}
      </p>
      {error && (
        <p className="field__note field__note--warn" role="alert">
          {t("language.failed", { reason: error })}
        </p>
      )}
    </section>
  );
}
