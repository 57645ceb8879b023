/**
 * The price table that turns usage into an estimated cost: defaults for the current models,
 * the person's changes kept in prices.json (format version 1) in the data folder. A file from
 * a newer version is read for what this version knows and never rewritten.
 */
import path from "node:path";
import { z } from "zod";
import { writeFileAtomicSync, type Usage } from "../../agent";
import type { ModelPrice, PriceTable, UsageTotals } from "../../../shared/usage-types";
import { InvalidSettingError, NewerFileVersionError } from "../service-errors";
import { readVersionedJson } from "../versioned-json";

export const PRICES_FILE_NAME = "prices.json";
export const PRICES_VERSION = 1;

/**
 * Published list prices, USD per million tokens. Anthropic's cache writes cost 1.25x input
 * and reads 0.1x; OpenAI charges nothing extra to write its cache, and its cached input is
 * priced per model. A model not listed here (a local one, another provider's) has no price:
 * its cost shows as unknown, never a guess.
 */
export const DEFAULT_PRICES: PriceTable = {
  "claude-opus-4-5": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  "claude-opus-4-1": { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 },
  "claude-sonnet-4-6": { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  "claude-sonnet-4-5": { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  "claude-haiku-4-5": { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  "gpt-5": { input: 1.25, output: 10, cacheWrite: 1.25, cacheRead: 0.125 },
  "gpt-5-mini": { input: 0.25, output: 2, cacheWrite: 0.25, cacheRead: 0.025 },
  "gpt-5-nano": { input: 0.05, output: 0.4, cacheWrite: 0.05, cacheRead: 0.005 },
  "gpt-4.1": { input: 2, output: 8, cacheWrite: 2, cacheRead: 0.5 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6, cacheWrite: 0.4, cacheRead: 0.1 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4, cacheWrite: 0.1, cacheRead: 0.025 },
  "gpt-4o": { input: 2.5, output: 10, cacheWrite: 2.5, cacheRead: 1.25 },
  "gpt-4o-2024-05-13": { input: 5, output: 15, cacheWrite: 5, cacheRead: 5 },
  "gpt-4o-mini": { input: 0.15, output: 0.6, cacheWrite: 0.15, cacheRead: 0.075 },
  o3: { input: 2, output: 8, cacheWrite: 2, cacheRead: 0.5 },
  "o4-mini": { input: 1.1, output: 4.4, cacheWrite: 1.1, cacheRead: 0.275 },
};

const fileSchema = z.object({ version: z.number().int().min(1), prices: z.record(z.string(), z.unknown()).optional() }).passthrough();

export class PriceFile {
  private readonly file: string;
  private overrides: PriceTable = {};
  private newerVersion: number | null = null;

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, PRICES_FILE_NAME);
    // Missing, unreadable or garbled: the defaults apply. A price this version cannot use is left out.
    const read = readVersionedJson(this.file, { version: PRICES_VERSION, schema: fileSchema, what: "prices file", unreadable: "garbled" });
    if (read.status === "newer") this.newerVersion = read.version;
    const known = read.status === "current" ? read.value : read.status === "newer" ? read.known : null;
    for (const [model, price] of Object.entries(known?.prices ?? {})) if (isPrice(price)) this.overrides[model] = price;
  }

  table(): PriceTable {
    return { ...DEFAULT_PRICES, ...this.overrides };
  }

  /** Set (or, with null, reset to the default) the prices of some models. */
  update(change: Record<string, ModelPrice | null>): PriceTable {
    if (this.newerVersion !== null) throw new NewerFileVersionError("prices", this.file, this.newerVersion, PRICES_VERSION);
    const next = { ...this.overrides };
    for (const [model, price] of Object.entries(change)) {
      if (price === null) delete next[model];
      else if (isPrice(price)) next[model] = price;
      else throw new InvalidSettingError(`The price of ${model} must give input, output, cacheWrite and cacheRead as numbers of dollars per million tokens, none negative.`);
    }
    writeFileAtomicSync(this.file, JSON.stringify({ version: PRICES_VERSION, prices: next }, null, 2) + "\n");
    this.overrides = next;
    return this.table();
  }
}

function isPrice(value: unknown): value is ModelPrice {
  const p = value as ModelPrice;
  return [p?.input, p?.output, p?.cacheWrite, p?.cacheRead].every((n) => typeof n === "number" && Number.isFinite(n) && n >= 0);
}

/**
 * The price of a model: its own entry, else that of the id it is a dated snapshot or alias
 * of ("claude-sonnet-4-5-20250929", "gpt-4o-2024-08-06", "claude-sonnet-4-5@20250929",
 * "o3-latest"). Any other longer id is another model ("o3-pro" is not "o3"): no price.
 */
export function priceOf(table: PriceTable, model: string): ModelPrice | null {
  if (Object.hasOwn(table, model)) return table[model];
  const snapshot = SNAPSHOT_SUFFIX.exec(model);
  const base = snapshot ? model.slice(0, snapshot.index) : null;
  return base !== null && Object.hasOwn(table, base) ? table[base] : null;
}

const SNAPSHOT_SUFFIX = /[-@](?:\d{8}|\d{4}-\d{2}-\d{2}|latest)$/;

export function costOf(usage: Usage, price: ModelPrice): number {
  return (
    (usage.inputTokens * price.input + usage.outputTokens * price.output + (usage.cacheWriteTokens ?? 0) * price.cacheWrite + (usage.cacheReadTokens ?? 0) * price.cacheRead) /
    1_000_000
  );
}

/**
 * A conversation's total usage and estimated cost over its replies. A reply stopped while
 * it was written (`partial`) never got its real output count (the running figure at the cut
 * is about 1): its input counts, its output does not.
 */
export function usageTotals(replies: { model: string; usage?: Usage; partial?: boolean }[], table: PriceTable): UsageTotals {
  const totals: UsageTotals = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 };
  for (const { model, partial, usage: saved } of replies) {
    if (!saved) continue;
    const usage = partial ? { ...saved, outputTokens: 0 } : saved;
    totals.inputTokens += usage.inputTokens;
    totals.outputTokens += usage.outputTokens;
    totals.cacheReadTokens += usage.cacheReadTokens ?? 0;
    totals.cacheWriteTokens += usage.cacheWriteTokens ?? 0;
    const price = priceOf(table, model);
    totals.costUsd = price && totals.costUsd !== null ? totals.costUsd + costOf(usage, price) : null;
  }
  return totals;
}
