/** Token counts and estimated costs as the window shows them. */
import type { ModelPrice, PriceTable } from "../../../shared/usage-types";
import type { ReplyUsage } from "../store/display-items";

export const formatTokens = (n: number) => n.toLocaleString("en-US");

export function formatCost(usd: number | null): string {
  if (usd === null) return "cost unknown";
  if (usd === 0) return "$0";
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
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
  const parts = [`${formatTokens(usage.inputTokens)} in`, usage.partial ? "output not counted (stopped)" : `${formatTokens(usage.outputTokens)} out`];
  if (usage.cacheReadTokens) parts.push(`${formatTokens(usage.cacheReadTokens)} from cache`);
  if (usage.cacheWriteTokens) parts.push(`${formatTokens(usage.cacheWriteTokens)} to cache`);
  return parts.join(" · ");
}
