/**
 * The Store contract for search (Store.searchPage), run against every store: text is found
 * in every branch's own entries and the result names the branch that holds it, with the seq
 * of the latest matching entry and a snippet whose marks cover the matching words; shared
 * past is found once, in the branch that holds it; a title matches once per conversation;
 * every typed word must match (as a prefix, case and accents ignored); retained States are
 * never found; pages and totals agree.
 */
import { afterEach, describe, expect, it } from "vitest";
import { branchState } from "../../src/main/agent/state/branch";
import { saveState } from "../../src/main/agent/state/saver";
import type { Store } from "../../src/main/agent/stores/store";
import type { SearchResult } from "../../src/main/agent/stores/search/search-types";
import { assistantEntry, isoAt, makeSnapshot, toolResultEntry, userEntry } from "./records";
import { useTempDirs } from "./temp-dirs";

type MakeStore = (location: string) => Store | Promise<Store>;

/** The marked words of a result's snippet. */
export const markedWords = (result: SearchResult) => result.marks.map(([start, end]) => result.snippet.slice(start, end));
const hits = (results: SearchResult[]) => results.map((r) => [r.id, r.conversationId, r.hitSeq]);

export function describeSearchConformance(name: string, makeStore: MakeStore, location: (folder: string) => string): void {
  describe(`${name} searches every branch by the Store contract`, () => {
    const tempDir = useTempDirs();
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await (store as Store & { close?: () => unknown }).close?.();
    });

    async function fresh(): Promise<Store> {
      const store = await makeStore(location(tempDir()));
      opened.push(store);
      return store;
    }

    /** trunk: 4 entries; "rainy" edits its seq 2; "away" is a new conversation branched off at seq 0. */
    async function picnic(store: Store) {
      const snapshot = makeSnapshot("trunk", { entryCount: 4, task: "Plan a picnic", updatedAt: isoAt(4) });
      await store.write(
        "trunk",
        [
          userEntry(0, "Plan a picnic for Sunday"),
          assistantEntry(1, "Bring lemonade and a blanket."),
          userEntry(2, "What about sandwiches?"),
          assistantEntry(3, "Cucumber sandwiches, and more lemonade for the afternoon."),
        ],
        snapshot,
        { create: true },
      );
      const trunk = await store.load("trunk");
      await saveState(branchState(trunk, 1, { id: "rainy", message: "What if it rains? We have Umbrellas somewhere." }), store);
      await saveState(branchState(trunk, 0, { id: "away", message: "Move it to the beach at Dün.", newConversation: true }), store);
    }

    it("finds text in a branch's own entries and names that branch, with the matching words marked", async () => {
      const store = await fresh();
      await picnic(store);
      const found = await store.searchPage("umbrel");
      expect(hits(found.items)).toEqual([["rainy", "trunk", 2]]);
      expect(found.total).toBe(1);
      expect(found.items[0].snippet).toContain("Umbrellas");
      expect(markedWords(found.items[0])).toEqual(["Umbrellas"]);
      // Accents and case are ignored, in the query and in the text.
      const beach = await store.search("DUN beach");
      expect(hits(beach)).toEqual([["away", "away", 1]]);
      expect(markedWords(beach[0])).toEqual(["beach", "Dün"]);
    });

    it("finds shared past once, in the branch that holds it, at its latest matching entry", async () => {
      const store = await fresh();
      await picnic(store);
      const found = await store.search("lemonade");
      expect(hits(found)).toEqual([["trunk", "trunk", 3]]);
      expect(markedWords(found[0])).toEqual(["lemonade"]);
      expect(found[0].snippet).toMatch(/^Cucumber sandwiches, and more lemonade/);
      expect(await store.searchCount("lemonade")).toBe(1);
    });

    it("matches a title or task once per conversation (on its first State), and needs every word in one text", async () => {
      const store = await fresh();
      await picnic(store);
      // Every branch has the task "Plan a picnic": one result per conversation that has it as its own.
      const titles = (await store.search("picnic plan")).map((r) => [r.id, r.hitSeq]);
      expect(titles).toEqual(expect.arrayContaining([["trunk", 0]]));
      expect(titles.map(([id]) => id).sort()).toEqual(["away", "trunk"]);
      expect(await store.search("lemonade umbrellas")).toEqual([]);
      expect(await store.search("zzz")).toEqual([]);
      expect(await store.search("  ! ? ")).toEqual([]);
    });

    it("lists a conversation once when several of its branches hold the words: the branch shown, with its own snippet", async () => {
      const store = await fresh();
      const title = { task: "Kyoto packing list", updatedAt: isoAt(1) };
      await store.write("kyoto", [userEntry(0, "Pack for Kyoto"), assistantEntry(1, "A raincoat for Kyoto in June.")], makeSnapshot("kyoto", { entryCount: 2, ...title }), { create: true });
      const retry = makeSnapshot("kyoto-retry", { entryCount: 2, ...title, updatedAt: isoAt(2), parent: { id: "kyoto", seq: 0 }, conversationId: "kyoto" });
      await store.write("kyoto-retry", [assistantEntry(1, "Light shirts: Kyoto is hot in June.")], retry, { create: true });
      // Both branches hold "Kyoto" in their own reply, and share the title: one result, the branch updated last.
      const found = await store.searchPage("kyoto");
      expect(hits(found.items)).toEqual([["kyoto-retry", "kyoto", 1]]);
      expect(found.items[0].snippet).toContain("Light shirts");
      expect(found.total).toBe(1);
      expect(await store.searchCount("kyoto")).toBe(1);
      // The person goes back to the first reply: search opens that one, with its words.
      await store.show("kyoto");
      const shown = await store.search("kyoto");
      expect(hits(shown)).toEqual([["kyoto", "kyoto", 1]]);
      expect(shown[0].snippet).toContain("raincoat");
      expect(markedWords(shown[0])).toEqual(["Kyoto"]);
      // Words only the title has: one result, on the conversation's first State.
      expect(hits(await store.search("packing list"))).toEqual([["kyoto", "kyoto", null]]);
      // Words only the other branch has: that branch, though it is not the one shown.
      expect(hits(await store.search("shirts"))).toEqual([["kyoto-retry", "kyoto", 1]]);
    });

    it("searches tool results, pages newest first, and never finds a retained State", async () => {
      const store = await fresh();
      await picnic(store);
      await store.write("tools", [userEntry(0, "read the notes"), toolResultEntry(1, "call_1", "read_file", "the weather forecast says sunny")], makeSnapshot("tools", { entryCount: 2, updatedAt: isoAt(20) }), { create: true });
      expect(hits(await store.search("forecast"))).toEqual([["tools", "tools", 1]]);
      // "s": sandwiches (trunk), somewhere (rainy, the same conversation: its branch updated last), says and sunny (tools).
      await store.write("notes", [userEntry(0, "some notes")], makeSnapshot("notes", { entryCount: 1, updatedAt: isoAt(1) }), { create: true });
      const all = await store.searchPage("s");
      expect(all.items.map((r) => r.id).sort()).toEqual(["notes", "rainy", "tools"]);
      const times = all.items.map((r) => r.updatedAt);
      expect(times).toEqual([...times].sort().reverse());
      const first = await store.searchPage("s", { limit: 2 });
      const next = await store.searchPage("s", { limit: 2, offset: 2 });
      expect([...first.items, ...next.items].map((r) => r.id)).toEqual(all.items.map((r) => r.id));
      expect([first.total, next.total, await store.searchCount("s")]).toEqual([3, 3, 3]);
      await store.deleteConversation("trunk");
      // The trunk is kept (hidden) for "away", which shares its first entry: never a result.
      expect(await store.search("lemonade")).toEqual([]);
      expect(await store.search("umbrel")).toEqual([]);
      expect(hits(await store.search("beach"))).toEqual([["away", "away", 1]]);
    });
  });
}
