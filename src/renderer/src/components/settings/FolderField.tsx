/** The working folder of the file tools: typed, or chosen with the native picker. */
import { useTranslation } from "../../i18n/react";
import { FolderIcon } from "../icons";

export interface FolderFieldProps {
  value: string;
  onChange(value: string): void;
  busy: boolean;
  onChoose(): void;
}

export function FolderField({ value, onChange, busy, onChoose }: FolderFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor="settings-folder" className="field__label">
        {t("settings.folder.label")}
      </label>
      <div className="field__row">
        <input
          id="settings-folder"
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t("settings.folder.placeholder")}
          spellCheck={false}
          maxLength={4096}
        />
        <button type="button" className="button button--secondary" onClick={onChoose} disabled={busy}>
          <FolderIcon />
          {t("settings.folder.choose")}
        </button>
      </div>
      <p className="field__note">{t("settings.folder.note")}</p>
    </div>
  );
}
