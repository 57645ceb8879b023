/**
 * Which price a model gets: its own, or that of the model it is a dated snapshot of; a
 * model the table does not know (a local one, another that only shares a prefix) has none,
 * so its cost reads "unknown" and is never a guess.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_PRICES, costOf, priceOf, usageTotals } from "../../src/main/service/models/prices";

describe("priceOf", () => {
  it("gives each listed model its own price, Anthropic's and OpenAI's", () => {
    expect(priceOf(DEFAULT_PRICES, "claude-sonnet-4-5")).toEqual({ input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 });
    expect(priceOf(DEFAULT_PRICES, "gpt-4o")).toEqual({ input: 2.5, output: 10, cacheWrite: 2.5, cacheRead: 1.25 });
    expect(priceOf(DEFAULT_PRICES, "gpt-4o-mini")?.input).toBe(0.15);
    expect(priceOf(DEFAULT_PRICES, "gpt-5-mini")?.output).toBe(2);
  });

  it("prices a dated snapshot or a -latest alias as its model, unless the snapshot has a price of its own", () => {
    expect(priceOf(DEFAULT_PRICES, "claude-sonnet-4-5-20250929")).toBe(DEFAULT_PRICES["claude-sonnet-4-5"]);
    expect(priceOf(DEFAULT_PRICES, "claude-haiku-4-5@20251001")).toBe(DEFAULT_PRICES["claude-haiku-4-5"]);
    expect(priceOf(DEFAULT_PRICES, "gpt-4.1-2025-04-14")).toBe(DEFAULT_PRICES["gpt-4.1"]);
    expect(priceOf(DEFAULT_PRICES, "o3-latest")).toBe(DEFAULT_PRICES.o3);
    expect(priceOf(DEFAULT_PRICES, "gpt-4o-2024-05-13")).toEqual({ input: 5, output: 15, cacheWrite: 5, cacheRead: 5 });
  });

  it("gives no price to another model that only shares a beginning, or to a local model", () => {
    for (const model of ["o3-pro", "gpt-4o-audio-preview", "gpt-5-codex-mini", "claude-opus-4-5-thinking", "llama3.2:3b", "gpt-oss:20b", "toString", "constructor"]) {
      expect(priceOf(DEFAULT_PRICES, model), model).toBeNull();
    }
  });

  it("a conversation with one reply from an unpriced model has an unknown cost, its tokens still counted", () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, cacheReadTokens: 1_000_000, cacheWriteTokens: 0 };
    expect(costOf(usage, DEFAULT_PRICES["gpt-4o-mini"])).toBeCloseTo(0.15 + 0.6 + 0.075, 10);
    const totals = usageTotals([{ model: "gpt-4o-mini", usage }, { model: "qwen2.5:7b", usage }], DEFAULT_PRICES);
    expect(totals).toMatchObject({ inputTokens: 2_000_000, outputTokens: 2_000_000, costUsd: null });
    expect(usageTotals([{ model: "gpt-4o-mini", usage }], DEFAULT_PRICES).costUsd).toBeCloseTo(0.825, 10);
  });
});
