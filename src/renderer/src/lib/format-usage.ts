/** Token counts and estimated costs as the window shows them. */
import type { ModelPrice, PriceTable } from "../../../shared/usage-types";
import type { ReplyUsage } from "../store/display-items";
import { t } from "../i18n/i18n";
import { formatNumber, formatPrice } from "../i18n/format";

export const formatTokens = (n: number) => formatNumber(n);

/** "$0", "$0.0012" below a cent, "$1.23". */
export function formatCost(usd: number | null): string {
  if (usd === null) return t("usage.costUnknown");
  if (usd === 0) return formatPrice(0);
  const digits = usd < 0.01 ? 4 : 2;
  return formatPrice(usd, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function priceFor(table: PriceTable | null, model: string): ModelPrice | null {
  if (!table) return null;
  if (table[model]) return table[model];
  const prefix = Object.keys(table)
    .filter((id) => model.startsWith(id))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? table[prefix] : null;
}

/** A stopped reply's output is not counted (its count never arrived): its cost is a lower bound. */
export function replyCost(usage: ReplyUsage, price: ModelPrice | null): number | null {
  if (!price) return null;
  const output = usage.partial ? 0 : usage.outputTokens;
  return (usage.inputTokens * price.input + output * price.output + (usage.cacheWriteTokens ?? 0) * price.cacheWrite + (usage.cacheReadTokens ?? 0) * price.cacheRead) / 1e6;
}

/** "1,234 in · 56 out · 1,000 from cache · 20 to cache"; a stopped reply: "1,234 in · output not counted (stopped)". */
export function describeUsage(usage: ReplyUsage): string {
  const parts = [
    t("usage.input", { tokens: formatTokens(usage.inputTokens) }),
    usage.partial ? t("usage.outputNotCounted") : t("usage.output", { tokens: formatTokens(usage.outputTokens) }),
  ];
  if (usage.cacheReadTokens) parts.push(t("usage.cacheRead", { tokens: formatTokens(usage.cacheReadTokens) }));
  if (usage.cacheWriteTokens) parts.push(t("usage.cacheWrite", { tokens: formatTokens(usage.cacheWriteTokens) }));
  return parts.join(t("usage.separator"));
}
