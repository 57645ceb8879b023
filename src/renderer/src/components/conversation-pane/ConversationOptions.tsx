/**
 * The open conversation's own choices and what it cost: its model (from the Models API, or
 * the built-in list), extended thinking (off or a budget), and the total usage with its
 * estimated cost.
 */
import type { ConversationOptionsView, ModelListView, UsageTotals } from "../../../../shared/usage-types";
import { afterFirstScreen } from "../../lib/first-screen";
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import { askedOnce } from "../../lib/asked-once";
import { formatCost, formatTokens } from "../../lib/format-usage";
import { useAppStore } from "../../store/app-store";
import { describeError } from "../../lib/describe-error";

const THINKING_CHOICES: [label: string, budget: number | null][] = [
  ["Thinking off", null],
  ["Think: 2k tokens", 2048],
  ["Think: 8k tokens", 8192],
  ["Think: 16k tokens", 16384],
];

/** The models to choose from, asked once per window, once the first screen is shown. */
const useModelList: () => ModelListView | null = askedOnce(() => afterFirstScreen(() => api().request("models:list", {}))).use;

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
  const list = useModelList();
  const reloadView = useAppStore((s) => s.reloadView);
  const showToast = useAppStore((s) => s.showToast);
  if (!options) return null;
  const models = list?.models ?? [];
  // Until the list comes (or when it lacks the model): the name the model was last shown by.
  const shown = models.some((m) => m.id === options.model) ? models : [{ id: options.model, name: options.modelName ?? options.model }, ...models];

  const change = async (change: { model?: string; thinkingBudget?: number | null }) => {
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
      <select aria-label="Model" value={options.model} disabled={running} onChange={(e) => void change({ model: e.target.value })} title={list?.source === "built-in" ? "The Models API could not be reached: the built-in list" : "Models from the Models API"}>
        {shown.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
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
