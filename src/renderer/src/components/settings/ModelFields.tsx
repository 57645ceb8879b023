/** The model and the system prompt every conversation uses. */
import { useTranslation } from "../../i18n/react";
export interface ModelFieldsProps {
  model: string;
  onModel(value: string): void;
  systemPrompt: string;
  onSystemPrompt(value: string): void;
}

export function ModelFields({ model, onModel, systemPrompt, onSystemPrompt }: ModelFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor="settings-model" className="field__label">
          {t("settings.model.label")}
        </label>
        <input id="settings-model" className="input" value={model} onChange={(e) => onModel(e.target.value)} spellCheck={false} required maxLength={200} />
      </div>

      <div className="field">
        <label htmlFor="settings-system" className="field__label">
          {t("settings.model.systemPrompt")}
        </label>
        <textarea id="settings-system" className="input input--area" rows={4} value={systemPrompt} onChange={(e) => onSystemPrompt(e.target.value)} maxLength={50_000} />
        <p className="field__note">{t("settings.model.systemPromptNote")}</p>
      </div>
    </>
  );
}
