/**
 * Opening a conversation at rest reads its newest page from the store, not its whole
 * history: the view is the one a loaded State gives (entries, where the page starts, the
 * open question, how the run ended, branches), older pages read the same way, and usage
 * totals come by their own request. A conversation a load would change (a kill left a call
 * open, a save stopped halfway) is loaded as before.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EntryRecord } from "../../src/main/agent/state/history";
import type { Snapshot } from "../../src/main/agent/state/snapshot";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { ApprovalSealer } from "../../src/main/agent";
import { installationApprovalKey } from "../../src/main/service/approvals/installation-key";
import { askChecksFor, conversationView } from "../../src/main/service/conversations/conversation-view";
import { pageBefore } from "../../src/main/service/conversations/history-pages";
import { assistantEntry, entriesUpTo, makeSnapshot, toolResultEntry, userEntry } from "../store/records";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture | null = null;
let dataFolder: string | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
  if (dataFolder) removeDir(dataFolder);
  dataFolder = null;
});

interface Saved {
  id: string;
  entries: EntryRecord[];
  snapshot: Partial<Snapshot>;
  /** Entries stored after the snapshot (a save that stopped halfway). */
  unsnapshotted?: EntryRecord[];
}

/** An assistant turn calling `n` tools at once, then their results: a page that holds a result must reach back to the turn. */
function wideTurn(from: number, n: number): EntryRecord[] {
  const calls = Array.from({ length: n }, (_, i) => ({ type: "tool_use", id: `wide_${i}`, name: "read_file", input: { path: `f${i}` } }));
  const turn = { ...assistantEntry(from, "Reading them all."), content: [{ type: "text", text: "Reading them all." }, ...calls], stopReason: "tool_use" };
  return [turn as EntryRecord, ...calls.map((call, i) => toolResultEntry(from + 1 + i, call.id, "read_file", `contents ${i}`))];
}

function withUsage(entries: EntryRecord[]): EntryRecord[] {
  return entries.map((e) => (e.kind === "assistant" ? ({ ...e, usage: { inputTokens: 10, outputTokens: 5 } } as EntryRecord) : e));
}

async function start(conversations: Saved[]): Promise<ServiceFixture> {
  dataFolder = makeTempDir();
  fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME));
  try {
    // A question asked on this computer carries its seal (made with the key the service then reads).
    const sealer = new ApprovalSealer(installationApprovalKey(dataFolder));
    for (const c of conversations) {
      const snapshot = { ...makeSnapshot(c.id, { entryCount: c.entries.length, stoppedBy: "end_turn" }), ...c.snapshot } as Snapshot;
      const ask = snapshot.pendingAsk;
      const blocks = c.entries.flatMap((e) => (e.kind === "assistant" ? e.content : [])) as { type: string; id?: string; name?: string; input?: unknown }[];
      const call = ask && blocks.find((b) => b.type === "tool_use" && b.id === ask.callId);
      if (ask && call) snapshot.pendingAsk = sealer.sealAsk(ask, { id: call.id!, name: call.name!, input: call.input });
      store.write(c.id, c.entries, snapshot, { create: true });
      if (c.unsnapshotted) store.write(c.id, c.unsnapshotted, null, { create: false });
    }
  } finally {
    store.close();
  }
  fixture = await openService({ dataFolder });
  return fixture;
}

/** The view a loaded State gives (what `conversations:get` answered before pages were read alone), without usage and options. */
async function loadedView(id: string, tail: number) {
  const store = new SqliteStore(path.join(dataFolder!, DATABASE_FILE_NAME));
  try {
    const state = await store.load(id);
    return { state, view: JSON.parse(JSON.stringify(conversationView(state, false, tail, askChecksFor(installationApprovalKey(dataFolder!))))) };
  } finally {
    store.close();
  }
}

/** The view without what a loaded State's view lacks: usage, options, and who runs it elsewhere (none on this computer). */
function withoutExtras(view: Record<string, unknown>) {
  const { usage: _usage, options: _options, ...rest } = view;
  const { runningElsewhere, ...summary } = rest.summary as Record<string, unknown>;
  expect(runningElsewhere).toBeNull();
  return { ...rest, summary };
}

describe("a conversation's view read as a page", () => {
  it("is the loaded State's view, reading a page: pairs a result with an old turn, pages back the same, usage apart", async () => {
    const history = withUsage([...entriesUpTo(900), ...wideTurn(900, 120), userEntry(1021, "Thanks"), assistantEntry(1022, "You are welcome.")]);
    const service = await start([{ id: "long", entries: history, snapshot: {} }]);
    const load = vi.spyOn(service.service.runs, "load");
    for (const tail of [2, 20, 200]) {
      const view = await service.call("conversations:get", { id: "long", tail });
      const { view: expected } = await loadedView("long", tail);
      expect(withoutExtras(view)).toEqual(expected);
      expect(view.usage).toBeUndefined();
      expect(view.options).toMatchObject({ model: expect.any(String), modelChosen: false, thinkingBudget: null });
    }
    const twenty = await service.call("conversations:get", { id: "long", tail: 20 });
    expect(twenty.firstSeq).toBe(900); // the wide turn, 123 entries back
    const { state } = await loadedView("long", 20);
    let before = twenty.firstSeq;
    while (before > 0) {
      const page = await service.call("conversations:entries", { id: "long", beforeSeq: before, limit: 50 });
      expect(page).toEqual(JSON.parse(JSON.stringify({ id: "long", ...pageBefore(state.history, before, 50) })));
      before = page.firstSeq;
    }
    expect(load).not.toHaveBeenCalled();
    const usage = await service.call("conversations:usage", { id: "long" });
    const replies = history.filter((e) => e.kind === "assistant").length;
    expect(usage).toEqual({ id: "long", usage: expect.objectContaining({ inputTokens: 10 * replies, outputTokens: 5 * replies }) });
  });

  it("shows the open question with its turn, and how a stopped or failed run ended", async () => {
    const askTurn = assistantEntry(301, "One question first.", { id: "ask_1", name: "ask", input: { question: "Which file?" } });
    const stopped = [...entriesUpTo(300), userEntry(300, "Go on"), { seq: 301, kind: "error", text: "Stopped", name: "StoppedByPersonError", at: "2025-03-01T12:00:00.000Z", error: null } as EntryRecord];
    const failed = [...entriesUpTo(300), { seq: 300, kind: "error", text: "overloaded", name: "OverloadedError", at: "2025-03-01T12:00:00.000Z", error: null } as EntryRecord];
    const service = await start([
      { id: "asking", entries: [...entriesUpTo(300), userEntry(300, "Help"), askTurn], snapshot: { stoppedBy: "ask", pendingAsk: { callId: "ask_1", question: "Which file?" } } },
      { id: "stopped", entries: stopped, snapshot: { stoppedBy: "aborted" } },
      { id: "failed", entries: failed, snapshot: { stoppedBy: "error" } },
    ]);
    const load = vi.spyOn(service.service.runs, "load");
    for (const id of ["asking", "stopped", "failed"]) {
      const view = await service.call("conversations:get", { id, tail: 1 });
      expect(withoutExtras(view)).toEqual((await loadedView(id, 1)).view);
    }
    expect(load).not.toHaveBeenCalled();
    const asking = await service.call("conversations:get", { id: "asking", tail: 1 });
    expect(asking.pendingAsk).toEqual({ callId: "ask_1", question: "Which file?" });
    expect(asking.entries.map((e: EntryRecord) => e.seq)).toEqual([301]);
    expect((await service.call("conversations:get", { id: "stopped", tail: 5 })).interruption.detail).toContain("Stop was pressed");
  });

  it("loads the State when a load would change what is stored: a kill left a call open, a save stopped halfway", async () => {
    const open = assistantEntry(301, "Writing it.", { id: "w1", name: "write_file", input: { path: "a.txt" } });
    const service = await start([
      { id: "killed", entries: [...entriesUpTo(300), userEntry(300, "Write it"), open], snapshot: { stoppedBy: null } },
      { id: "halfway", entries: entriesUpTo(300), snapshot: {}, unsnapshotted: [userEntry(300, "more"), assistantEntry(301, "partly")] },
    ]);
    const load = vi.spyOn(service.service.runs, "load");
    const killed = await service.call("conversations:get", { id: "killed", tail: 10 });
    expect(killed.entries.at(-1)).toMatchObject({ kind: "tool_result", callId: "w1", status: "unknown" });
    expect(killed.interruption.kind).toBe("killed");
    expect(killed.usage).toBeDefined(); // a loaded view has its totals
    const halfway = await service.call("conversations:get", { id: "halfway", tail: 10 });
    expect(withoutExtras(halfway)).toEqual((await loadedView("halfway", 10)).view);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reads a branch's newest page through its fork point", async () => {
    const trunk = entriesUpTo(600);
    const service = await start([
      { id: "trunk", entries: trunk, snapshot: {} },
      {
        id: "edit",
        entries: [userEntry(300, "Another way"), assistantEntry(301, "Sure.")],
        snapshot: { entryCount: 302, conversationId: "trunk", parent: { id: "trunk", seq: 299 }, updatedAt: "2025-03-09T00:00:00.000Z" },
      },
    ]);
    const load = vi.spyOn(service.service.runs, "load");
    const view = await service.call("conversations:get", { id: "edit", tail: 6 }); // the result at 298 brings its turn at 295
    expect(view.entries.map((e: EntryRecord) => e.text)).toEqual([...trunk.slice(295, 300).map((e) => e.text), "Another way", "Sure."]);
    expect(view.summary).toMatchObject({ id: "edit", conversationId: "trunk", branchCount: 2 });
    const { summary: _summary, ...loaded } = (await loadedView("edit", 6)).view;
    expect(withoutExtras(view)).toMatchObject({ ...loaded, forks: view.forks });
    expect(view.forks.length).toBeGreaterThan(0);
    expect(load).not.toHaveBeenCalled();
  });
});
