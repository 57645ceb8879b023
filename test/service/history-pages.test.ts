/**
 * The conversation view in pages: `conversations:get` sends the newest entries and
 * `conversations:entries` the older ones, page by page, on a real database. A page never
 * leaves out the turn of a tool call whose result (or answer) it holds, so tool cards,
 * the unknown outcome of a killed call, the open question and the interruption banner
 * all still show when the window holds only the tail.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Agent, SqliteStore, State, UNKNOWN_RESULT_TEXT, type HistoryEntry } from "../../src/main/agent";
import { appendEntry } from "../../src/main/agent/state/state";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { newestPage, pageBefore } from "../../src/main/service/conversations/history-pages";
import type { ConversationView, EntriesPage } from "../../src/shared/view-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

const MODEL = "claude-sonnet-4-6";

let fixture: ServiceFixture | null = null;
let dataFolder: string | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
  if (dataFolder) removeDir(dataFolder);
  dataFolder = null;
});

type Step = (state: State) => void;

const reply = (text: string): Step => (state) =>
  void appendEntry(state, { kind: "assistant", text, content: [{ type: "text", text }], stopReason: "end_turn", model: MODEL });

const calls = (...ids: [id: string, name: string][]): Step => (state) =>
  void appendEntry(state, {
    kind: "assistant",
    text: "",
    content: ids.map(([id, name]) => ({ type: "tool_use" as const, id, name, input: name === "ask" ? { question: `Which ${id}?` } : { path: id } })),
    stopReason: "tool_use",
    model: MODEL,
  });

const result = (callId: string, name = "read_file"): Step => (state) =>
  void appendEntry(state, { kind: "tool_result", callId, name, status: "done", text: `result of ${callId}` });

const exchanges = (count: number): Step => (state) => {
  for (let n = 0; n < count; n++) {
    state.addUserMessage(`Message ${n}`);
    reply(`Reply ${n}`)(state);
  }
};

/** Saves one conversation straight into the data folder's database, as an earlier session would have. */
async function seed(folder: string, steps: Step[], stoppedBy: State["stoppedBy"] = "end_turn"): Promise<string> {
  const store = new SqliteStore(path.join(folder, DATABASE_FILE_NAME));
  try {
    const state = new State("The task");
    for (const step of steps) step(state);
    state.stoppedBy = stoppedBy;
    await new Agent({ model: MODEL, store }).save(state);
    return state.id;
  } finally {
    store.close();
  }
}

async function openWith(steps: Step[], stoppedBy: State["stoppedBy"] = "end_turn"): Promise<{ f: ServiceFixture; id: string }> {
  dataFolder = makeTempDir();
  const id = await seed(dataFolder, steps, stoppedBy);
  fixture = await openService({ dataFolder });
  return { f: fixture, id };
}

const seqs = (entries: { seq: number }[]) => entries.map((e) => e.seq);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe("history pages (the rule)", () => {
  // 0 user, 1 turn with calls a b c, 2..4 their results, 5 reply, 6 user, 7 turn asking q, 8 the answer, 9 reply
  const state = new State("task");
  for (const step of [calls(["a", "read_file"], ["b", "read_file"], ["c", "read_file"]), result("a"), result("b"), result("c"), reply("done")]) step(state);
  state.addUserMessage("next");
  calls(["q", "ask"])(state);
  state.pendingAsk = { callId: "q", question: "Which q?" };
  state.addUserMessage("this one");
  reply("thanks")(state);
  const history = state.history as HistoryEntry[];

  it("takes the newest entries, and reaches back to the turn of a result it holds", () => {
    expect(seqs(newestPage(history, 2).entries)).toEqual([7, 8, 9]); // the answer brings its question's turn
    expect(newestPage(history, 2)).toMatchObject({ firstSeq: 7, totalEntries: 10 });
    expect(seqs(newestPage(history, 7).entries)).toEqual(range(1, 10)); // seq 3 and 4 are results of the turn at 1
    expect(seqs(newestPage(history, 4).entries)).toEqual(range(6, 10)); // nothing split: 6 is the person's message
    expect(newestPage(history, 50)).toMatchObject({ firstSeq: 0, totalEntries: 10 });
    expect(seqs(newestPage(history, 1, ["a"]).entries)).toEqual(range(1, 10)); // an open question's turn comes too
  });

  it("pages back without splitting a turn from its results, and stops at the start", () => {
    expect(seqs(pageBefore(history, 4, 1).entries)).toEqual([1, 2, 3]);
    expect(seqs(pageBefore(history, 7, 3).entries)).toEqual(range(1, 7)); // seq 4 is a result of the turn at 1
    expect(seqs(pageBefore(history, 1, 5).entries)).toEqual([0]);
    expect(pageBefore(history, 0, 5)).toEqual({ entries: [], firstSeq: 0, totalEntries: 10 });
    // Past the end: the newest page before the end.
    expect(seqs(pageBefore(history, 999, 2).entries)).toEqual([7, 8, 9]);
  });
});

describe("conversations:get and conversations:entries", () => {
  it("opens with the newest 200 entries, and the older pages join up to the whole history exactly once", async () => {
    const { f, id } = await openWith([exchanges(300)]); // 601 entries
    const view = await f.call<ConversationView>("conversations:get", { id });
    expect(view).toMatchObject({ firstSeq: 401, totalEntries: 601 });
    expect(seqs(view.entries)).toEqual(range(401, 601));
    expect(view.entries.at(-1)!.text).toBe("Reply 299");

    const all = [...view.entries];
    let before = view.firstSeq;
    const firstSeqs: number[] = [];
    while (before > 0) {
      const page = await f.call<EntriesPage>("conversations:entries", { id, beforeSeq: before, limit: 150 });
      expect(page).toMatchObject({ id, totalEntries: 601 });
      expect(page.entries.at(-1)!.seq).toBe(before - 1);
      all.unshift(...page.entries);
      before = page.firstSeq;
      firstSeqs.push(page.firstSeq);
    }
    expect(firstSeqs).toEqual([251, 101, 0]);
    expect(seqs(all)).toEqual(range(0, 601));
    expect(all[0]).toMatchObject({ kind: "user", text: "The task" });

    // Bounds: a tail longer than the conversation sends all of it; before 0 is empty; past the end is the newest page.
    expect(await f.call<ConversationView>("conversations:get", { id, tail: 2_000 })).toMatchObject({ firstSeq: 0, totalEntries: 601 });
    expect(seqs((await f.call<ConversationView>("conversations:get", { id, tail: 1 })).entries)).toEqual([600]);
    expect(await f.call<EntriesPage>("conversations:entries", { id, beforeSeq: 0 })).toEqual({ id, entries: [], firstSeq: 0, totalEntries: 601 });
    const past = await f.call<EntriesPage>("conversations:entries", { id, beforeSeq: 5_000, limit: 3 });
    expect(seqs(past.entries)).toEqual([598, 599, 600]);
    expect(seqs((await f.call<EntriesPage>("conversations:entries", { id, beforeSeq: 401 })).entries)).toEqual(range(201, 401));
  });

  it("refuses bad paging arguments and unknown conversations with clear errors", async () => {
    const { f, id } = await openWith([exchanges(3)]);
    for (const args of [{ id, beforeSeq: -1 }, { id, beforeSeq: 1, limit: 0 }, { id, beforeSeq: 1, limit: 5_000 }, { id }, { id, beforeSeq: 1, tail: 3 }]) {
      const answer = await f.request("conversations:entries", args);
      expect(answer, JSON.stringify(args)).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
    }
    expect(await f.request("conversations:get", { id, tail: 0 })).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
    expect(await f.request("conversations:entries", { id: "no-such-one", beforeSeq: 4 })).toMatchObject({
      ok: false,
      error: { name: "ConversationNotFoundError" },
    });
  });

  it("keeps a long turn's calls with their results when the tail starts among the results", async () => {
    const many = Array.from({ length: 30 }, (_, i) => [`call${i}`, "read_file"] as [string, string]);
    const { f, id } = await openWith([exchanges(200), calls(...many), ...many.map(([callId]) => result(callId)), reply("All read.")]);
    const view = await f.call<ConversationView>("conversations:get", { id, tail: 10 });
    // 401 entries before the turn; the turn at 401, its 30 results, the reply: 433 in all.
    expect(view).toMatchObject({ firstSeq: 401, totalEntries: 433 });
    expect(view.entries[0]).toMatchObject({ kind: "assistant", stopReason: "tool_use" });
    expect(view.entries.filter((e) => e.kind === "tool_result")).toHaveLength(30);
    // An older page that would start among the results starts at their turn instead.
    const page = await f.call<EntriesPage>("conversations:entries", { id, beforeSeq: 420, limit: 5 });
    expect(page.firstSeq).toBe(401);
    expect(seqs(page.entries)).toEqual(range(401, 420));
  });

  it("shows a killed call's unknown outcome, the open question and the interruption when the turn is older than the tail", async () => {
    // The process died during a turn that wrote a file and asked a question: the write got no
    // result and the question no answer. Loading gives the write its unknown outcome.
    const { f, id } = await openWith(
      [exchanges(150), calls(["w1", "write_file"], ["r1", "read_file"], ["q1", "ask"]), result("r1")],
      null,
    );
    const view = await f.call<ConversationView>("conversations:get", { id, tail: 1 });
    // The question loading found open was never sealed as asked here: Continue asks it again (docs/security.md).
    expect(view.interruption?.kind).toBe("ask_again");
    expect(view.pendingAsk).toBeNull();
    expect(view.totalEntries).toBe(304);
    expect(view.entries.map((e) => [e.seq, e.kind, e.callId ?? null, e.status ?? null])).toEqual([
      [301, "assistant", null, null],
      [302, "tool_result", "r1", "done"],
      [303, "tool_result", "w1", "unknown"],
    ]);
    expect(view.entries[2].text).toBe(UNKNOWN_RESULT_TEXT);
    expect(view.firstSeq).toBe(301);
  });

  it("brings an open question's turn even when entries after it fill the tail", async () => {
    const { f, id } = await openWith(
      [
        exchanges(5),
        calls(["q9", "ask"]),
        (state) => {
          state.pendingAsk = { callId: "q9", question: "Which q9?" };
          appendEntry(state, { kind: "notice", text: "A note after the question." });
        },
      ],
      "ask",
    );
    const view = await f.call<ConversationView>("conversations:get", { id, tail: 1 });
    // Written without the installation's seal: not shown, asked again on Continue; its turn still comes.
    expect(view.pendingAsk).toBeNull();
    expect(view.interruption?.kind).toBe("ask_again");
    expect(view.entries.map((e) => e.kind)).toEqual(["assistant", "notice"]);
    expect(view.firstSeq).toBe(11);
  });

  it("pages a running conversation's live history", async () => {
    fixture = await openService();
    fixture.model.script({ text: "First answer" }, { hang: true, text: "Still going" });
    const { id } = await fixture.call("runs:start", { text: "One" });
    await fixture.log.step(id, "run_end");
    const mark = fixture.log.count;
    await fixture.call("runs:send", { id, text: "Two" });
    await fixture.log.step(id, "text_delta", mark);
    const view = await fixture.call<ConversationView>("conversations:get", { id, tail: 1 });
    expect(view.summary.running).toBe(true);
    expect(view).toMatchObject({ firstSeq: 2, totalEntries: 3 });
    expect(view.entries.map((e) => e.text)).toEqual(["Two"]);
    const older = await fixture.call<EntriesPage>("conversations:entries", { id, beforeSeq: 2 });
    expect(older.entries.map((e) => e.text)).toEqual(["One", "First answer"]);
    await fixture.call("runs:stop", { id });
  });
});
