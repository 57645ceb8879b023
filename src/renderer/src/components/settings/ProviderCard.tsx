/** One provider of Settings → Models: its address, its key (write-only), typed model names, Test and Remove. */
import { useState } from "react";
import type { ProviderTestView, ProvidersView, ProviderView } from "../../../../shared/providers-types";
import { api } from "../../api/current-api";
import { useTranslation } from "../../i18n/react";
import { describeError } from "../../lib/describe-error";

export interface ProviderCardProps {
  provider: ProviderView;
  needsKey: boolean;
  apply(change: () => Promise<ProvidersView>): Promise<boolean>;
}

export function ProviderCard({ provider, needsKey, apply }: ProviderCardProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState("");
  const [models, setModels] = useState(provider.models.join(", "));
  const [test, setTest] = useState<ProviderTestView | null>(null);
  const [testing, setTesting] = useState(false);
  const run = async () => {
    setTesting(true);
    try {
      setTest(await api().request("providers:test", { id: provider.id }));
    } catch (e) {
      setTest({ ok: false, problem: "failed", message: describeError(e), models: [] });
    } finally {
      setTesting(false);
    }
  };
  const saveKey = async () => {
    if (await apply(() => api().request("providers:setKey", { id: provider.id, apiKey: key }))) setKey("");
  };
  const saveModels = () => apply(() => api().request("providers:edit", { id: provider.id, models: models.split(",").map((m) => m.trim()).filter(Boolean) }));

  return (
    <li className="models-settings__provider" data-testid="provider-card" data-provider={provider.id}>
      <div className="field__row">
        <strong>{provider.name}</strong> <span className="field__note">{provider.baseURL}</span>
      </div>
      <div className="field__row">
        <input
          className="input"
          type="password"
          aria-label={t("settings.provider.apiKeyLabel", { name: provider.name })}
          placeholder={provider.hasKey ? t("settings.provider.keyKept") : needsKey ? t("settings.provider.apiKey") : t("settings.provider.apiKeyOptional")}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          autoComplete="off"
        />
        <button type="button" className="button button--secondary" onClick={() => void saveKey()} disabled={key.trim() === "" && !provider.hasKey}>
          {key.trim() === "" && provider.hasKey ? t("settings.provider.forgetKey") : t("settings.provider.saveKey")}
        </button>
      </div>
      <div className="field__row">
        <input
          className="input"
          aria-label={t("settings.provider.namesLabel", { name: provider.name })}
          placeholder={t("settings.provider.namesPlaceholder")}
          value={models}
          onChange={(e) => setModels(e.target.value)}
          onBlur={() => void saveModels()}
          spellCheck={false}
        />
      </div>
      <div className="field__row">
        <button type="button" className="button button--secondary" onClick={() => void run()} disabled={testing} data-testid="provider-test">
          {testing ? t("settings.provider.testing") : t("settings.provider.test")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void apply(() => api().request("providers:remove", { id: provider.id }))}>
          {t("settings.provider.remove")}
        </button>
      </div>
      {test && (
        <p className={test.ok ? "field__note" : "form-error"} role="status" data-testid="provider-test-result" data-problem={test.problem ?? "none"}>
          {test.message}
        </p>
      )}
    </li>
  );
}
