/**
 * After Stop: a stopped reply's usage shows no output count (the real one never arrived),
 * and the launch notice of interrupted runs loses a conversation once it goes on.
 */
import { describe, expect, it } from "vitest";
import { buildDisplayItems } from "../../../src/renderer/src/store/display-items";
import { describeUsage, replyCost } from "../../../src/renderer/src/lib/format-usage";
import { interruptedAfterChange } from "../../../src/renderer/src/store/interrupted-runs";
import { usageTotals } from "../../../src/main/service/models/prices";
import type { ConversationSummary, HistoryEntryView, InterruptedRuns } from "../../../src/shared/view-types";

const at = "2030-01-01T00:00:00.000Z";
const usage = { inputTokens: 1200, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 };
const price = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };
const reply = (seq: number, partial: boolean) =>
  ({ seq, kind: "assistant", text: "", at, error: null, stopReason: partial ? null : "end_turn", model: "m", content: [{ type: "text", text: "Once" }], usage, ...(partial ? { partial: true } : {}) }) as unknown as HistoryEntryView;

describe("a stopped reply's usage", () => {
  it("says the output was not counted, and costs its input only (a lower bound)", () => {
    const items = buildDisplayItems([reply(1, true), reply(2, false)]).filter((item) => item.kind === "usage");
    const [stopped, full] = items.map((item) => (item.kind === "usage" ? item.usage : null))!;
    expect(stopped!.partial).toBe(true);
    expect(describeUsage(stopped!)).toBe("1,200 in · output not counted (stopped)");
    expect(replyCost(stopped!, price)).toBeCloseTo((1200 * 3) / 1e6, 12);
    expect(full!.partial).toBeUndefined();
    expect(describeUsage(full!)).toBe("1,200 in · 1 out");
    expect(replyCost(full!, price)).toBeCloseTo((1200 * 3 + 15) / 1e6, 12);
  });

  it("counts its input in the conversation's total, not its output", () => {
    const totals = usageTotals(
      [
        { model: "m", usage, partial: true },
        { model: "m", usage: { ...usage, outputTokens: 40 } },
      ],
      { m: price },
    );
    expect(totals.inputTokens).toBe(2400);
    expect(totals.outputTokens).toBe(40);
    expect(totals.costUsd).toBeCloseTo((2400 * 3 + 40 * 15) / 1e6, 12);
  });
});

const summary = (id: string, change: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  conversationId: id,
  branchCount: 1,
  title: id,
  task: id,
  createdAt: at,
  updatedAt: at,
  stoppedBy: "aborted",
  running: false,
  ...change,
});

describe("the interrupted-runs notice", () => {
  const notice: InterruptedRuns = { count: 2, items: [summary("a"), summary("b", { stoppedBy: null })] };

  it("drops a conversation once it is answered, running again or deleted; goes with the last one", () => {
    const answered = interruptedAfterChange(notice, "a", summary("a", { stoppedBy: "end_turn" }));
    expect(answered).toEqual({ count: 1, items: [summary("b", { stoppedBy: null })] });
    expect(interruptedAfterChange(notice, "b", summary("b", { running: true, stoppedBy: null }))).toEqual({ count: 1, items: [summary("a")] });
    expect(interruptedAfterChange(notice, "a", null)).toEqual({ count: 1, items: [summary("b", { stoppedBy: null })] });
    expect(interruptedAfterChange(answered as InterruptedRuns, "b", summary("b", { stoppedBy: "end_turn" }))).toBeNull();
  });

  it("keeps one still interrupted (with its new summary) and ignores others", () => {
    const renamed = summary("a", { title: "Renamed" });
    expect(interruptedAfterChange(notice, "a", renamed)).toEqual({ count: 2, items: [renamed, notice.items[1]] });
    expect(interruptedAfterChange(notice, "z", summary("z", { stoppedBy: "end_turn" }))).toBe(notice);
    expect(interruptedAfterChange(null, "a", summary("a"))).toBeNull();
  });

  it("asks the service when the changed one may be among those not listed", () => {
    const many: InterruptedRuns = { count: 60, items: [summary("a")] };
    expect(interruptedAfterChange(many, "z", summary("z", { stoppedBy: "end_turn" }))).toBe("unknown");
    expect(interruptedAfterChange(many, "z", summary("z"))).toBe(many);
  });
});
