/**
 * Search over conversations (FTS5): task, title, user and assistant text and tool
 * results; newest first; typed input is matched by prefix and never read as syntax.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { prefixQuery } from "../../src/main/agent/stores/sqlite/query-terms";
import { MATCHES } from "../../src/main/agent/stores/sqlite/search";
import { makeSnippet, markedSnippet } from "../../src/main/agent/stores/search/snippet";
import { assistantEntry, entriesUpTo, isoAt, makeSnapshot, toolResultEntry, userEntry } from "./records";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const stores: SqliteStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function openStore(): SqliteStore {
  // Durability is not under test here: skip the sync at each commit.
  const store = new SqliteStore(path.join(tempDir(), "alpine.sqlite3"), { synchronous: "NORMAL" });
  stores.push(store);
  return store;
}

function ids(results: { id: string }[]): string[] {
  return results.map((r) => r.id);
}

function expectIndexIntact(store: SqliteStore): void {
  const db = new Database(store.path);
  try {
    db.exec("INSERT INTO entry_search (entry_search) VALUES ('integrity-check')");
    db.exec("INSERT INTO conversation_search (conversation_search) VALUES ('integrity-check')");
  } finally {
    db.close();
  }
}

describe("SqliteStore search", () => {
  it("finds a word from a tool result of an old conversation among many newer ones", () => {
    const store = openStore();
    store.write(
      "old",
      [
        userEntry(0, "What is in the attic box?"),
        assistantEntry(1, "Let me read the inventory.", { id: "c1", name: "read_file", input: { path: "attic.txt" } }),
        toolResultEntry(2, "c1", "read_file", "Inventory: a brass sextant, two lamps, one zeppelin model."),
        assistantEntry(3, "A sextant, lamps and a model."),
      ],
      makeSnapshot("old", { entryCount: 4, updatedAt: isoAt(1), task: "What is in the attic box?" }),
      { create: true },
    );
    for (let i = 0; i < 60; i++) {
      const id = `newer-${i}`;
      store.write(id, entriesUpTo(6, id), makeSnapshot(id, { entryCount: 6, updatedAt: isoAt(100 + i) }), { create: true });
    }
    const results = store.search("zeppelin");
    expect(results).toEqual([
      {
        id: "old",
        task: "What is in the attic box?",
        title: "What is in the attic box?",
        createdAt: isoAt(0),
        updatedAt: isoAt(1),
        stoppedBy: null,
        entryCount: 4,
        conversationId: "old",
        parent: null,
        snippet: expect.stringContaining("zeppelin"),
        marks: [expect.any(Array)],
        hitSeq: expect.any(Number),
      },
    ]);
    const [start, end] = results[0].marks[0];
    expect(results[0].snippet.slice(start, end)).toBe("zeppelin");
    expect(ids(store.search("sext"))).toEqual(["old"]); // in the tool result and the reply: one result
  });

  it("matches as the person types: prefixes, any case, accents optional, every word", () => {
    const store = openStore();
    store.write("greet", [userEntry(0, "Hello there, Café Müller")], makeSnapshot("greet", { entryCount: 1, task: "Greeting" }), { create: true });
    store.write("other", [userEntry(0, "Help me with taxes")], makeSnapshot("other", { entryCount: 1, task: "Taxes" }), { create: true });
    expect(ids(store.search("hel"))).toEqual(["other", "greet"]);
    expect(ids(store.search("HELLO"))).toEqual(["greet"]);
    expect(ids(store.search("cafe mull"))).toEqual(["greet"]);
    expect(ids(store.search("hel tax"))).toEqual(["other"]);
    expect(ids(store.search("greet"))).toEqual(["greet"]); // the task
    expect(store.search("nothing-like-this")).toEqual([]);
  });

  it("reads typed punctuation and FTS5 operators as plain text", () => {
    const store = openStore();
    store.write("x", [userEntry(0, "NOT a drill: run (fast) OR hide")], makeSnapshot("x", { entryCount: 1 }), { create: true });
    for (const input of ['"', '"unbalanced', "(", "a AND", "NOT", "OR hide", "run*", "^run", "col:run", "NEAR(run hide)", "-", "🙂", "   "]) {
      expect(() => store.search(input)).not.toThrow();
    }
    expect(ids(store.search("NOT drill"))).toEqual(["x"]);
    expect(ids(store.search("(fast) OR"))).toEqual(["x"]);
    expect(ids(store.search('"drill"'))).toEqual(["x"]);
    expect(store.search("")).toEqual([]);
    expect(store.search(" !? ")).toEqual([]);
    expect(prefixQuery(["say", 'h"i'])).toBe('"say"* "h""i"*');
    expect(prefixQuery([])).toBeNull();
  });

  it("finds words the index's tokenizer cuts at a combining mark (Thai, Devanagari) without asking for a phrase", () => {
    const store = openStore();
    // The index keeps no positions, so a quoted word it cuts in two would be a phrase it refuses.
    store.write("thai", [userEntry(0, "ภาษาไทย สวัสดีครับ")], makeSnapshot("thai", { entryCount: 1 }), { create: true });
    store.write("hindi", [userEntry(0, "नमस्कार दुःख")], makeSnapshot("hindi", { entryCount: 1 }), { create: true });
    expect(ids(store.search("สวัสดี"))).toEqual(["thai"]);
    expect(ids(store.search("ภาษาไทย"))).toEqual(["thai"]);
    expect(ids(store.search("दुःख"))).toEqual(["hindi"]);
    expect(store.search("สวัสดี")[0].snippet).toContain("สวัสดีครับ");
  });

  it("returns results newest first, pages with limit and offset, and counts them", () => {
    const store = openStore();
    for (let i = 0; i < 5; i++) {
      const id = `c${i}`;
      store.write(id, [userEntry(0, `common word ${i}`)], makeSnapshot(id, { entryCount: 1, updatedAt: isoAt(10 - i) }), { create: true });
    }
    expect(ids(store.search("common"))).toEqual(["c0", "c1", "c2", "c3", "c4"]);
    expect(ids(store.search("common", { limit: 2, offset: 1 }))).toEqual(["c1", "c2"]);
    expect(store.searchCount("common")).toBe(5);
    expect(store.searchCount("")).toBe(0);
    const page = store.searchPage("common", { limit: 2, offset: 2 });
    expect([ids(page.items), page.total]).toEqual([["c2", "c3"], 5]);
    expect(store.searchPage("common", { offset: 9 })).toEqual({ items: [], total: 5 });
  });

  it("follows renames, later saves and deletes, and keeps the index consistent", () => {
    const store = openStore();
    store.write("doc", [userEntry(0, "Draft the report")], makeSnapshot("doc", { entryCount: 1, task: "Draft the report" }), { create: true });
    store.rename("doc", "Quarterly numbers");
    expect(ids(store.search("quarter"))).toEqual(["doc"]);
    expect(store.search("quarter")[0].snippet).toBe("Quarterly numbers — Draft the report");
    store.write("doc", [assistantEntry(1, "The figures look buoyant.")], makeSnapshot("doc", { entryCount: 2, title: "Quarterly numbers" }), {
      create: false,
    });
    expect(ids(store.search("buoy"))).toEqual(["doc"]);
    expectIndexIntact(store);
    store.delete("doc");
    expect(store.search("quarter")).toEqual([]);
    expect(store.search("buoy")).toEqual([]);
    expectIndexIntact(store);
  });

  it("indexes user, assistant and tool-result text but not notices or errors", () => {
    const store = openStore();
    store.write(
      "kinds",
      [
        userEntry(0, "alpha"),
        assistantEntry(1, "bravo"),
        toolResultEntry(2, "c", "t", "charlie"),
        { seq: 3, kind: "notice", text: "delta", at: isoAt(3), error: null },
        { seq: 4, kind: "error", text: "echo", at: isoAt(4), error: null, name: "Error" },
      ],
      makeSnapshot("kinds", { entryCount: 5, task: "kinds" }),
      { create: true },
    );
    expect(["alpha", "bravo", "charlie", "delta", "echo"].map((word) => store.search(word).length)).toEqual([1, 1, 1, 0, 0]);
  });

  it("cuts a snippet of about a dozen words around the first matching word", () => {
    const text = "one two three four five six seven eight nine ten eleven twelve thirteen Zeppelin fifteen sixteen seventeen";
    expect(makeSnippet(text, ["zep"])).toBe("…six seven eight nine ten eleven twelve thirteen Zeppelin fifteen sixteen seventeen");
    expect(makeSnippet(`${text} ${text}`, ["thirteen"])).toBe("…ten eleven twelve thirteen Zeppelin fifteen sixteen seventeen one two three four…");
    expect(makeSnippet("Grüße aus\n\nMünchen, the café", ["munch"])).toBe("Grüße aus München, the café");
    expect(makeSnippet("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi", ["alpha"])).toBe(
      "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu…",
    );
  });

  it("marks every matching word of a snippet by its place, whatever the ellipsis, spaces and accents", () => {
    const marked = (text: string, words: string[]) => {
      const { snippet, marks } = markedSnippet(text, words);
      return marks.map(([start, end]) => snippet.slice(start, end));
    };
    expect(marked("one two three four five six seven eight nine ten Zeppelin,   zeppelins\n\nand ZEP", ["zep"])).toEqual(["Zeppelin", "zeppelins", "ZEP"]);
    expect(markedSnippet("one two three four five six seven eight nine ten eleven twelve Zeppelin", ["zep"])).toEqual({ snippet: "…two three four five six seven eight nine ten eleven twelve Zeppelin", marks: [[60, 68]] });
    expect(marked("Grüße aus München, the café", ["munch", "CAFE"])).toEqual(["München", "café"]);
    expect(marked("<b>bold</b> & <i>it</i>", ["bold"])).toEqual(["bold"]);
    expect(markedSnippet("!!! ???", ["x"])).toEqual({ snippet: "!!! ???", marks: [] });
  });

  it("finds text in every branch and names the branch that holds it; a retained State is not found", async () => {
    const store = openStore();
    store.write("trunk", [userEntry(0, "plan a picnic"), assistantEntry(1, "bring lemonade")], makeSnapshot("trunk", { entryCount: 2, task: "plan a picnic", updatedAt: isoAt(1) }), { create: true });
    const branch = (id: string, text: string, conversationId = "trunk") =>
      store.write(id, [userEntry(1, text)], makeSnapshot(id, { entryCount: 2, task: "plan a picnic", parent: { id: "trunk", seq: 0 }, conversationId, updatedAt: isoAt(2) }), { create: true });
    branch("rainy", "what if it rains: umbrellas");
    branch("away", "move it to the beach", "away");
    expect(store.search("umbrel").map((r) => [r.id, r.conversationId, r.hitSeq])).toEqual([["rainy", "trunk", 1]]);
    expect(store.search("lemonade").map((r) => [r.id, r.conversationId])).toEqual([["trunk", "trunk"]]);
    // The title matches once per conversation (its root), not once per branch.
    expect(store.search("picnic").map((r) => r.id).sort()).toEqual(["away", "trunk"]);
    await store.deleteConversation("trunk");
    expect(store.search("lemonade")).toEqual([]);
    expect(store.search("umbrel")).toEqual([]);
    expect(store.search("beach").map((r) => r.id)).toEqual(["away"]);
    expect((await store.load("away")).history.map((e) => e.text)).toEqual(["plan a picnic", "move it to the beach"]);
    expectIndexIntact(store);
  });

  it("reads each full-text index once per search, never once per conversation", () => {
    const store = openStore();
    for (let i = 0; i < 20; i++) store.write(`c${i}`, entriesUpTo(2, `c${i}`), makeSnapshot(`c${i}`, { entryCount: 2, updatedAt: isoAt(i) }), { create: true });
    const db = new Database(store.path, { readonly: true });
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${MATCHES} SELECT count(*) FROM matches`).all({ query: prefixQuery(["conversation", "4321"]) }) as { detail: string }[];
      const indexReads = plan.map((row) => row.detail).filter((detail) => /entry_search|conversation_search| s VIRTUAL/.test(detail));
      expect(indexReads).toHaveLength(2);
      // "=" before the plan's MATCH: the index asked for one rowid at a time (a whole full-text query each time).
      for (const detail of indexReads) expect(detail).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
    } finally {
      db.close();
    }
  });
});
