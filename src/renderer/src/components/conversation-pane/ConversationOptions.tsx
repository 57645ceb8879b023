/**
 * The open conversation's own choices and what it cost: its model, grouped by provider
 * (Anthropic's from the Models API or the built-in list, then each provider added in
 * Settings → Models, with its price or "price unknown"), extended thinking (off or a
 * budget), and the total usage with its estimated cost.
 */
import type { ConversationOptionsView, UsageTotals } from "../../../../shared/usage-types";
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import { choiceOf, choiceValue, priceLabel, useModelGroups } from "../../lib/model-groups";
import { formatCost, formatTokens } from "../../lib/format-usage";
import { useAppStore } from "../../store/app-store";
import { describeError } from "../../lib/describe-error";
import { Trans, useTranslation } from "../../i18n/react";
import { formatPrice } from "../../i18n/format";

/** The thinking budgets offered, each with its short name ("2k"); null: thinking off. */
const THINKING_CHOICES: [short: string | null, budget: number | null][] = [
  [null, null],
  ["2k", 2048],
  ["8k", 8192],
  ["16k", 16384],
];

export function UsageTotal({ usage }: { usage: UsageTotals | undefined }) {
  const { t } = useTranslation();
  if (!usage) return null;
  const tokens = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  const detail = t("conversation.usage.detail", {
    input: formatTokens(usage.inputTokens),
    output: formatTokens(usage.outputTokens),
    cacheRead: formatTokens(usage.cacheReadTokens),
    cacheWrite: formatTokens(usage.cacheWriteTokens),
  });
  return (
    <span className="usage-total" data-usage-total="" title={detail}>
      <Trans
        i18nKey="conversation.usage.total"
        count={tokens}
        values={{ tokens: formatTokens(tokens), cost: formatCost(usage.costUsd) }}
        components={{ cost: <span className="usage-total__cost" /> }}
      />
    </span>
  );
}

export function ConversationOptions({ id, options, running }: { id: string; options: ConversationOptionsView | undefined; running: boolean }) {
  const { t } = useTranslation();
  const groups = useModelGroups();
  const reloadView = useAppStore((s) => s.reloadView);
  const showToast = useAppStore((s) => s.showToast);
  if (!options) return null;
  const current = choiceValue(options.provider, options.model);
  const listed = (groups ?? []).some((g) => g.providerId === options.provider && g.models.some((m) => m.id === options.model));

  const change = async (change: { model?: string; provider?: string; thinkingBudget?: number | null }) => {
    try {
      await api().request("conversations:setOptions", { id, ...change });
      emitAppEvent("options-changed", { id, ...change });
      await reloadView(id);
    } catch (error) {
      showToast("error", describeError(error));
    }
  };

  return (
    <span className="conversation-options">
      <select aria-label={t("conversation.options.model")} value={current} disabled={running} onChange={(e) => void change(choiceOf(e.target.value))}>
        {/* Until the list comes (or when it lacks the model): the name the model was last shown by. */}
        {!listed && <option value={current}>{options.modelName ?? options.model}</option>}
        {(groups ?? []).map((group) => (
          <optgroup key={group.providerId} label={group.problem ? t("conversation.options.providerProblem", { provider: group.providerName, problem: group.problem.split(" (")[0] }) : group.providerName}>
            {group.models.map((m) => (
              <option key={m.id} value={choiceValue(group.providerId, m.id)} title={priceLabel(m.price)}>
                {t("conversation.options.modelChoice", {
                  model: m.name,
                  price: m.price ? t("conversation.options.price", { input: formatPrice(m.price.input, { maximumFractionDigits: 6 }), output: formatPrice(m.price.output, { maximumFractionDigits: 6 }) }) : t("conversation.options.priceUnknown"),
                })}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <select aria-label={t("conversation.options.thinking")} value={String(options.thinkingBudget ?? "")} disabled={running} onChange={(e) => void change({ thinkingBudget: e.target.value === "" ? null : Number(e.target.value) })}>
        {THINKING_CHOICES.map(([short, budget]) => (
          <option key={String(budget)} value={String(budget ?? "")}>
            {short ? t("conversation.options.think", { budget: short }) : t("conversation.options.thinkingOff")}
          </option>
        ))}
      </select>
    </span>
  );
}
