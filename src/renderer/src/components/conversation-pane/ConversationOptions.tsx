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

const THINKING_CHOICES: [label: string, budget: number | null][] = [
  ["Thinking off", null],
  ["Think: 2k tokens", 2048],
  ["Think: 8k tokens", 8192],
  ["Think: 16k tokens", 16384],
];

export function UsageTotal({ usage }: { usage: UsageTotals | undefined }) {
  if (!usage) return null;
  const tokens = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  return (
    <span className="usage-total" data-usage-total="" title={`${formatTokens(usage.inputTokens)} in, ${formatTokens(usage.outputTokens)} out, ${formatTokens(usage.cacheReadTokens)} read from the cache, ${formatTokens(usage.cacheWriteTokens)} written to it`}>
      {formatTokens(tokens)} tokens · <span className="usage-total__cost">{formatCost(usage.costUsd)}</span>
    </span>
  );
}

export function ConversationOptions({ id, options, running }: { id: string; options: ConversationOptionsView | undefined; running: boolean }) {
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
      <select aria-label="Model" value={current} disabled={running} onChange={(e) => void change(choiceOf(e.target.value))}>
        {/* Until the list comes (or when it lacks the model): the name the model was last shown by. */}
        {!listed && <option value={current}>{options.modelName ?? options.model}</option>}
        {(groups ?? []).map((group) => (
          <optgroup key={group.providerId} label={group.problem ? `${group.providerName}: ${group.problem.split(" (")[0]}` : group.providerName}>
            {group.models.map((m) => (
              <option key={m.id} value={choiceValue(group.providerId, m.id)} title={priceLabel(m.price)}>
                {m.name} · {m.price ? `$${m.price.input}/$${m.price.output}` : "price unknown"}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <select aria-label="Extended thinking" value={String(options.thinkingBudget ?? "")} disabled={running} onChange={(e) => void change({ thinkingBudget: e.target.value === "" ? null : Number(e.target.value) })}>
        {THINKING_CHOICES.map(([label, budget]) => (
          <option key={label} value={String(budget ?? "")}>
            {label}
          </option>
        ))}
      </select>
    </span>
  );
}
