/**
 * Settings → Models: "Default for new conversations", among Anthropic and the added providers.
 * A choice saves the provider with its first listed model as the settings' model (the Model
 * field shows it, and it can be changed there); the list shows the saved choice until main
 * has it. A default whose provider was removed is said: new conversations use Anthropic.
 */
import { useState } from "react";
import { ANTHROPIC_PROVIDER_ID, type ProviderView } from "../../../../shared/providers-types";
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import { useTranslation } from "../../i18n/react";
import { describeError } from "../../lib/describe-error";
import { useModelGroups } from "../../lib/model-groups";
import { useAppStore } from "../../store/app-store";

export function DefaultProviderField({ providers, onModel }: { providers: ProviderView[]; onModel(model: string): void }) {
  const { t } = useTranslation();
  const settings = useAppStore((s) => s.settings);
  const groups = useModelGroups();
  const [error, setError] = useState<string | null>(null);
  if (!settings) return null;
  // Said by main at launch, and known here at once when a card's Remove takes the default away.
  const removed = settings.defaultProvider !== null && (settings.defaultProviderRemoved || !providers.some((p) => p.id === settings.defaultProvider));
  // A removed default shows no choice, so that choosing Anthropic (or another) is a change.
  const current = removed ? "" : (settings.defaultProvider ?? ANTHROPIC_PROVIDER_ID);

  const choose = async (id: string) => {
    const name = id === ANTHROPIC_PROVIDER_ID ? "Anthropic" : (providers.find((p) => p.id === id)?.name ?? id);
    const model = groups?.find((g) => g.providerId === id)?.models[0]?.id;
    if (!model) return setError(t("settings.models.defaultNoModel", { name }));
    try {
      const saved = await api().request("settings:set", { defaultProvider: id === ANTHROPIC_PROVIDER_ID ? null : id, model });
      useAppStore.setState({ settings: saved });
      onModel(saved.model);
      setError(null);
      emitAppEvent("default-provider-saved", { provider: id, model: saved.model });
    } catch (e) {
      setError(describeError(e));
    }
  };

  return (
    <div className="field">
      <div className="field__row">
        <label htmlFor="default-provider" className="field__label">
          {t("settings.models.defaultLabel")}
        </label>
        <select id="default-provider" className="input" value={current} onChange={(e) => void choose(e.target.value)} data-testid="default-provider">
          {current === "" && <option value="" disabled>—</option>}
          <option value={ANTHROPIC_PROVIDER_ID}>Anthropic</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <p className="field__note">{t("settings.models.defaultNote")}</p>
      {removed && (
        <p className="field__note field__note--warn" role="status" data-testid="default-provider-removed">
          {t("settings.models.defaultRemoved")}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
