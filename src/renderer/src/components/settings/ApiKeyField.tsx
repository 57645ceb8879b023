/** The API key: write-only (the window only learns whether one is set), with Remove. */
import type { RefObject } from "react";
import { useTranslation } from "../../i18n/react";
import { KeyStorageField } from "./KeyStorageField";

export interface ApiKeyFieldProps {
  value: string;
  onChange(value: string): void;
  hasApiKey: boolean;
  busy: boolean;
  onRemove(): void;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function ApiKeyField({ value, onChange, hasApiKey, busy, onRemove, inputRef }: ApiKeyFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="settings-key" className="field__label">
        {t("settings.apiKey.label")}
      </label>
      <div className="field__row">
        <input
          ref={inputRef}
          id="settings-key"
          className="input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={hasApiKey ? t("settings.apiKey.placeholderSet") : t("settings.apiKey.placeholder")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby="settings-key-status"
        />
        {hasApiKey && (
          <button type="button" className="button button--ghost" onClick={onRemove} disabled={busy}>
            {t("settings.apiKey.remove")}
          </button>
        )}
      </div>
      <p id="settings-key-status" className={`field__note ${hasApiKey ? "field__note--ok" : "field__note--warn"}`} data-has-key={hasApiKey ? "yes" : "no"}>
        {hasApiKey ? t("settings.apiKey.isSet") : t("settings.apiKey.isMissing")}
      </p>
      <KeyStorageField />
    </div>
  );
}
