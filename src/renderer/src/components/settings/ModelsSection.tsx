/**
 * Settings → Models: the providers besides Anthropic (whose key is above), as a list. Add
 * OpenAI, OpenRouter, Ollama, LM Studio or any other OpenAI-compatible base URL; give a key
 * (write-only: the window learns only that one is kept, encrypted like the Anthropic key);
 * type model names a server does not list; Test says what failed. Each change is saved at
 * once, and the model picker asks for its list again.
 */
import { useEffect, useState } from "react";
import type { ProviderKind, ProvidersView } from "../../../../shared/providers-types";
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import { useTranslation } from "../../i18n/react";
import { describeError } from "../../lib/describe-error";
import { refreshModelGroups } from "../../lib/model-groups";
import { DefaultProviderField } from "./DefaultProviderField";
import { ProviderCard } from "./ProviderCard";

/** `onModel`: the settings' model changed with the default provider (the form's Model field shows it). */
export function ModelsSection({ onModel }: { onModel(model: string): void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<ProvidersView | null>(null);
  const [kind, setKind] = useState<ProviderKind>("ollama");
  const [baseURL, setBaseURL] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api().request("providers:get", {}).then(setView, (e) => setError(describeError(e)));
  }, []);

  /** Apply a change: the new view (the service answers once it is saved), or the error in words. */
  const apply = async (change: () => Promise<ProvidersView>): Promise<boolean> => {
    try {
      const saved = await change();
      setView(saved);
      setError(null);
      emitAppEvent("providers-saved", { providers: saved.providers.map((p) => ({ id: p.id, kind: p.kind })) });
      refreshModelGroups();
      return true;
    } catch (e) {
      setError(describeError(e));
      return false;
    }
  };
  const preset = view?.presets.find((p) => p.kind === kind);
  const add = async () => {
    const url = baseURL.trim();
    if (await apply(() => api().request("providers:add", { kind, ...(url ? { baseURL: url } : {}) }))) setBaseURL("");
  };

  return (
    // Not labelled by its heading: "Model" stays the one field of that name in the dialog.
    <section className="tools-settings models-settings" data-testid="models-settings">
      <h3 className="tools-settings__title">
        {t("settings.models.title")}
      </h3>
      <p className="field__note">{t("settings.models.note")}</p>
      {view?.problem && (
        <p className="form-error" role="status">
          {view.problem}
        </p>
      )}
      <ul className="models-settings__list" aria-label={t("settings.models.providers")}>
        {view?.providers.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} needsKey={Boolean(view.presets.find((p) => p.kind === provider.kind)?.needsKey)} apply={apply} />
        ))}
      </ul>
      {view && <DefaultProviderField providers={view.providers} onModel={onModel} />}
      <div className="field__row">
        <label htmlFor="provider-kind" className="field__label">
          {t("settings.models.addLabel")}
        </label>
        <select id="provider-kind" value={kind} onChange={(e) => setKind(e.target.value as ProviderKind)} data-testid="provider-kind">
          {view?.presets.map((p) => (
            <option key={p.kind} value={p.kind}>
              {p.baseURL ? t("settings.models.preset", { name: p.name, url: p.baseURL }) : t("settings.models.anyOther")}
            </option>
          ))}
        </select>
        <input
          className="input"
          aria-label={t("settings.models.baseUrl")}
          placeholder={preset?.baseURL || t("settings.models.baseUrlPlaceholder")}
          value={baseURL}
          onChange={(e) => setBaseURL(e.target.value)}
          spellCheck={false}
          data-testid="provider-base-url"
        />
        <button type="button" className="button button--secondary" onClick={() => void add()} disabled={kind === "custom" && baseURL.trim() === ""} data-testid="provider-add">
          {t("settings.models.add")}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="models-error">
          {error}
        </p>
      )}
    </section>
  );
}
