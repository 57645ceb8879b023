import { describe, expect, it } from "vitest";
import { buildDisplayItems } from "../../src/renderer/src/store/display-items";
import { mergeEntries } from "../../src/renderer/src/store/live-run";
import { withLiveItems } from "../../src/renderer/src/store/live-display-items";
import type { HistoryEntryView } from "../../src/shared/view-types";

const at = "2030-01-01T00:00:00.000Z";
const user = (seq: number, text = `message ${seq}`, answersCallId?: string) =>
  ({ seq, kind: "user", text, at, error: null, ...(answersCallId ? { answersCallId } : {}) }) as unknown as HistoryEntryView;
const reply = (seq: number, content: unknown[]) => ({ seq, kind: "assistant", text: "", at, error: null, content }) as unknown as HistoryEntryView;
const result = (seq: number, callId: string) =>
  ({ seq, kind: "tool_result", callId, name: "list_files", status: "done", text: "files", at, error: null }) as unknown as HistoryEntryView;

/** A long saved history: turns of a message, a reply with text and a tool call, and its result. */
function history(turns: number): HistoryEntryView[] {
  const entries: HistoryEntryView[] = [];
  for (let t = 0; t < turns; t++) {
    const seq = entries.length;
    entries.push(user(seq), reply(seq + 1, [{ type: "text", text: `reply ${t}` }, { type: "tool_use", id: `c${t}`, name: "list_files", input: {} }]), result(seq + 2, `c${t}`));
  }
  return entries;
}

describe("rows of a saved history with a run's new entries", () => {
  it("are the saved rows themselves while the run has announced nothing newer", () => {
    const saved = history(5);
    const items = buildDisplayItems(saved);
    expect(withLiveItems(saved, items, [])).toBe(items);
    expect(withLiveItems(saved, items, saved.slice(-2))).toBe(items);
  });

  it("equal the rows of the whole history, rebuilding only the last turn", () => {
    const saved = history(50);
    const items = buildDisplayItems(saved);
    const n = saved.length;
    const live = [user(n, "next"), reply(n + 1, [{ type: "tool_use", id: "new", name: "list_files", input: {} }]), result(n + 2, "new")];
    for (let k = 1; k <= live.length; k++) {
      const rows = withLiveItems(saved, items, live.slice(0, k));
      expect(rows).toEqual(buildDisplayItems(mergeEntries(saved, live.slice(0, k))));
      // The earlier turns are the very same rows, so the list compares them at no cost.
      expect(rows[0]).toBe(items[0]);
      expect(rows[items.length - 4]).toBe(items[items.length - 4]);
    }
  });

  it("give a result that arrives later to the call of the same turn", () => {
    const saved = [...history(3), user(9), reply(10, [{ type: "tool_use", id: "open", name: "list_files", input: {} }])];
    const items = buildDisplayItems(saved);
    const rows = withLiveItems(saved, items, [result(11, "open")]);
    expect(rows.at(-1)).toMatchObject({ kind: "tool", callId: "open", result: { status: "done" } });
    expect(rows).toEqual(buildDisplayItems(mergeEntries(saved, [result(11, "open")])));
  });

  it("build the whole history again for a result whose call is in an earlier turn", () => {
    const saved = [user(0), reply(1, [{ type: "tool_use", id: "early", name: "list_files", input: {} }]), user(2, "a new message")];
    const items = buildDisplayItems(saved);
    const rows = withLiveItems(saved, items, [result(3, "early")]);
    expect(rows[1]).toMatchObject({ kind: "tool", callId: "early", result: { status: "done" } });
  });
});
