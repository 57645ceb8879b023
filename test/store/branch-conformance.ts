/**
 * The Store contract for branches (docs/branches.md), run against every store: a branch
 * stores only its own entries and its fork point, load assembles its history through the
 * parent chain, re-sends and creates keep the seed's rules, one row per conversation, and
 * deleting a conversation whose past another conversation shares.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BranchPointNotSavedError, StateBusyError, StateExistsError, StateNotFoundError } from "../../src/main/agent/errors";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { branchState } from "../../src/main/agent/state/branch";
import { saveState } from "../../src/main/agent/state/saver";
import type { State } from "../../src/main/agent/state/state";
import type { Store } from "../../src/main/agent/stores/store";
import { entriesUpTo, entryAt, isoAt, makeSnapshot, userEntry } from "./records";
import { useTempDirs } from "./temp-dirs";

type MakeStore = (location: string) => Store | Promise<Store>;

const seqs = (entries: readonly { seq: number }[]) => entries.map((entry) => entry.seq);
const texts = (state: State) => state.history.map((entry) => entry.text);

export function describeBranchConformance(name: string, makeStore: MakeStore, location: (folder: string) => string): void {
  describe(`${name} keeps branches by the Store contract`, () => {
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

    /** A saved root of `count` entries, loaded back (as the app would hold it). */
    async function root(store: Store, id: string, count: number, updatedAt = isoAt(count)): Promise<State> {
      await store.write(id, entriesUpTo(count, id), makeSnapshot(id, { entryCount: count, updatedAt }), { create: true });
      return store.load(id);
    }

    it("reads a branch's pages across its fork point: own entries, then each ancestor's (readPage)", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 9);
      const edit = branchState(trunk, 3, { id: "edit", message: "a different question" });
      await saveState(edit, store);
      const twig = branchState(await store.load("edit"), 4, { id: "twig", message: "deeper" });
      await saveState(twig, store);
      const loaded = await store.load("twig");
      const whole = (await store.readPage("twig", { limit: 100 }))!;
      expect(whole.totalEntries).toBe(loaded.history.length);
      expect(whole.entries.map((e) => [e.seq, e.text])).toEqual(loaded.history.map((e) => [e.seq, e.text]));
      const tail = (await store.readPage("twig", { limit: 3 }))!;
      expect(tail.entries.map((e) => e.text)).toEqual(loaded.history.slice(-3).map((e) => e.text));
      expect(tail.firstSeq).toBe(loaded.history.length - 3);
      const older = (await store.readPage("twig", { limit: 2, beforeSeq: tail.firstSeq }))!;
      expect(older.entries.map((e) => e.text)).toEqual(loaded.history.slice(-5, -3).map((e) => e.text));
      // The trunk's own page is untouched by its branches.
      expect(seqs((await store.readPage("trunk", { limit: 4 }))!.entries)).toEqual([5, 6, 7, 8]);
    });

    it("stores only a branch's own entries and its fork point; load puts the shared past back", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 9);
      const edit = branchState(trunk, 3, { id: "edit", message: "a different question" });
      expect(edit.parent).toEqual({ id: "trunk", seq: 3 });
      expect(edit.conversationId).toBe("trunk");
      expect(await saveState(edit, store)).toEqual({ wrote: true, entries: 1 });
      const record = (await store.read("edit"))!;
      expect(seqs(record.entries)).toEqual([4]);
      expect(record.snapshot).toMatchObject({ id: "edit", conversationId: "trunk", parent: { id: "trunk", seq: 3 }, entryCount: 5 });
      expect(await store.readHead("edit")).toMatchObject({ entryCount: 1 });
      const loaded = await store.load("edit");
      expect(seqs(loaded.history)).toEqual([0, 1, 2, 3, 4]);
      expect(texts(loaded)).toEqual([...entriesUpTo(4, "trunk").map((e) => e.text), "a different question"]);
      expect(loaded.parent).toEqual({ id: "trunk", seq: 3 });
      // Nothing changed: nothing written; the trunk is untouched.
      expect(await saveState(loaded, store)).toEqual({ wrote: false, entries: 0 });
      expect(seqs((await store.read("trunk"))!.entries)).toEqual(seqs(entriesUpTo(9)));
    });

    it("creates a branch with no entry of its own (a regenerate), and goes on from there", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 6);
      const again = branchState(trunk, 3, { id: "again" });
      expect(await saveState(again, store)).toEqual({ wrote: true, entries: 0 });
      expect((await store.read("again"))!.entries).toEqual([]);
      const loaded = await store.load("again");
      expect(seqs(loaded.history)).toEqual([0, 1, 2, 3]);
      loaded.addUserMessage("more");
      expect(await saveState(loaded, store)).toEqual({ wrote: true, entries: 1 });
      expect(seqs((await store.read("again"))!.entries)).toEqual([4]);
      expect(seqs((await store.load("again")).history)).toEqual([0, 1, 2, 3, 4]);
    });

    it("skips a re-sent seq on a branch, and refuses an id it has, changing nothing", async () => {
      const store = await fresh();
      await root(store, "trunk", 4);
      const snapshot = makeSnapshot("twig", { entryCount: 4, parent: { id: "trunk", seq: 1 }, conversationId: "trunk" });
      await store.write("twig", [entryAt(2, "twig"), entryAt(3, "twig")], snapshot, { create: true });
      const resent = [userEntry(2, "other text"), entryAt(3, "x"), entryAt(4, "twig")];
      await store.write("twig", resent, { ...snapshot, entryCount: 5 }, { create: false });
      await store.write("twig", resent, { ...snapshot, entryCount: 5 }, { create: false });
      expect((await store.read("twig"))!.entries).toEqual([entryAt(2, "twig"), entryAt(3, "twig"), entryAt(4, "twig")]);
      const error = await Promise.resolve()
        .then(() => store.write("twig", [entryAt(2, "imposter")], snapshot, { create: true }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StateExistsError);
      expect((await store.read("twig"))!.entries).toHaveLength(3);
      // Entry 4 is a model turn calling a tool: loading gives the call the unknown result.
      expect(seqs((await store.load("twig")).history).slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    });

    it("writes a branch's create all or nothing", async () => {
      const store = await fresh();
      await root(store, "trunk", 4);
      const bad = { ...userEntry(2, "x"), extra: 10n } as unknown as EntryRecord;
      const snapshot = makeSnapshot("twig", { entryCount: 3, parent: { id: "trunk", seq: 1 }, conversationId: "trunk" });
      await expect(Promise.resolve().then(() => store.write("twig", [bad], snapshot, { create: true }))).rejects.toThrow();
      expect(await store.read("twig")).toBeNull();
      expect((await store.list()).map((row) => row.id)).toEqual(["trunk"]);
    });

    it("branches a branch: the fork names the State that owns the entry, and the chain loads", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 10);
      const first = branchState(trunk, 6, { id: "first", message: "first edit" });
      await saveState(first, store);
      // Forking `first` inside the part it shares with the trunk names the trunk.
      const inner = branchState(await store.load("first"), 2, { id: "inner", message: "inner edit" });
      expect(inner.parent).toEqual({ id: "trunk", seq: 2 });
      await saveState(inner, store);
      // Forking `first` after its own entry names `first`.
      const deeper = branchState(await store.load("first"), 7, { id: "deeper", message: "deeper edit" });
      expect(deeper.parent).toEqual({ id: "first", seq: 7 });
      await saveState(deeper, store);
      const loaded = await store.load("deeper");
      expect(texts(loaded)).toEqual([...entriesUpTo(7, "trunk").map((e) => e.text), "first edit", "deeper edit"]);
      expect(seqs((await store.read("deeper"))!.entries)).toEqual([8]);
      expect(texts(await store.load("inner")).at(-1)).toBe("inner edit");
      // And the branch of a branch is saved and loaded again like any State.
      loaded.addUserMessage("and then");
      await saveState(loaded, store);
      expect(seqs((await store.load("deeper")).history)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it("starts a conversation again with another first message, also in a conversation branched off another", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 6);
      const split = branchState(trunk, 3, { id: "split", newConversation: true });
      await saveState(split, store);
      const again = branchState(await store.load("split"), -1, { id: "again", message: "a new first message" });
      expect(again.parent).toEqual({ id: "split", seq: -1 });
      expect(again.conversationId).toBe("split");
      await saveState(again, store);
      expect(texts(await store.load("again"))).toEqual(["a new first message"]);
      expect((await store.listBranches("split")).map((row) => row.id).sort()).toEqual(["again", "split"]);
      const first = branchState(trunk, -1, { id: "first", message: "another start" });
      await saveState(first, store);
      expect(texts(await store.load("first"))).toEqual(["another start"]);
      expect(first.conversationId).toBe("trunk");
    });

    it("refuses a branch at a point its store does not hold", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 3);
      trunk.addUserMessage("not saved yet");
      expect(() => branchState(trunk, 3)).toThrow(BranchPointNotSavedError);
      expect(() => branchState(trunk, 7)).toThrow(BranchPointNotSavedError);
      expect(branchState(trunk, 2).history).toHaveLength(3);
    });

    it("lists one row per conversation: its branch updated last, and a branch into a new conversation as a row of its own", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 6, isoAt(1));
      await root(store, "other", 2, isoAt(2));
      const edit = branchState(trunk, 1, { id: "edit", message: "edited" });
      await saveState(edit, store);
      const split = branchState(trunk, 2, { id: "split", newConversation: true, title: "Split off" });
      await saveState(split, store);
      expect(split.conversationId).toBe("split");
      expect((await store.list()).map((row) => row.id).sort()).toEqual(["edit", "other", "split", "trunk"]);
      const rows = await store.listConversations();
      expect(rows.map((row) => [row.conversationId, row.id, row.branchCount])).toEqual([
        ["split", "split", 1],
        ["trunk", "edit", 2],
        ["other", "other", 1],
      ]);
      expect((await store.listConversations({ limit: 1, offset: 1 })).map((row) => row.id)).toEqual(["edit"]);
      expect((await store.listBranches("trunk")).map((row) => row.id)).toEqual(["edit", "trunk"]);
      // A row counts the whole history of its branch, inherited entries included.
      expect((await store.list()).find((row) => row.id === "split")).toMatchObject({ entryCount: 3, parent: { id: "trunk", seq: 2 } });
      // Saving the trunk again makes it the conversation's shown branch.
      const again = await store.load("trunk");
      again.addUserMessage("back on the trunk");
      await saveState(again, store);
      expect((await store.listConversations())[0]).toMatchObject({ conversationId: "trunk", id: "trunk", branchCount: 2 });
    });

    it("shows a chosen branch without dating its conversation anew: the row opens it, the time and the order stay", async () => {
      const store = await fresh();
      await root(store, "trunk", 4, isoAt(1));
      await store.write("edit", [userEntry(2, "edited")], makeSnapshot("edit", { entryCount: 3, updatedAt: isoAt(2), parent: { id: "trunk", seq: 1 }, conversationId: "trunk" }), { create: true });
      await root(store, "other", 2, isoAt(5));
      const rows = async () => (await store.listConversations()).map((row) => [row.conversationId, row.id, row.updatedAt, row.branchCount]);
      expect(await rows()).toEqual([
        ["other", "other", isoAt(5), 1],
        ["trunk", "edit", isoAt(2), 2],
      ]);
      // Choosing the trunk's version (long after its last update) shows it; the conversation is as old as before.
      await store.show("trunk", isoAt(60));
      expect(await rows()).toEqual([
        ["other", "other", isoAt(5), 1],
        ["trunk", "trunk", isoAt(2), 2],
      ]);
      expect((await store.read("trunk"))!.snapshot!.updatedAt).toBe(isoAt(1));
      expect((await store.listBranches("trunk")).map((row) => [row.id, row.updatedAt, row.shownAt])).toEqual([
        ["edit", isoAt(2), undefined],
        ["trunk", isoAt(1), isoAt(60)],
      ]);
      expect((await store.listConversations({ limit: 1, offset: 1 })).map((row) => row.id)).toEqual(["trunk"]);
      // Back to the edit: shown again, still dated by its own last update.
      await store.show("edit", isoAt(61));
      expect(await rows()).toEqual([
        ["other", "other", isoAt(5), 1],
        ["trunk", "edit", isoAt(2), 2],
      ]);
      // A loaded copy of a shown branch has nothing new to save (which branch is shown is not the State's).
      const saved = branchState(await store.load("trunk"), 1, { id: "again", message: "once more" });
      await saveState(saved, store);
      await store.show("again", isoAt(62));
      expect(await saveState(await store.load("again"), store)).toEqual({ wrote: false, entries: 0 });
      // A new message is an update, dated now: its branch is shown and the conversation goes first.
      const trunk = await store.load("trunk");
      trunk.addUserMessage("back on the trunk");
      await saveState(trunk, store);
      expect((await store.listConversations())[0]).toMatchObject({ conversationId: "trunk", id: "trunk", updatedAt: trunk.updatedAt });
      await expect(store.show("missing", isoAt(70))).rejects.toThrow(StateNotFoundError);
    });

    it("deletes a conversation: its branches go, the past another conversation shares stays readable until that one goes too", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 8);
      // Entry 4 is a model turn calling a tool: the edit gets its unknown result (5), then the message (6).
      await saveState(branchState(trunk, 4, { id: "edit", message: "edited" }), store);
      const split = branchState(trunk, 5, { id: "split", newConversation: true });
      await saveState(split, store);
      await saveState(branchState(await store.load("edit"), 6, { id: "split2", newConversation: true }), store);

      await store.deleteConversation("trunk");
      expect((await store.listConversations()).map((row) => row.id).sort()).toEqual(["split", "split2"]);
      // A store that counts conversations itself leaves out the deleted one whose rows are only retained.
      const counting = store as Store & { countConversations?: () => number | Promise<number> };
      if (counting.countConversations) expect(await counting.countConversations()).toBe(2);
      expect((await store.list()).map((row) => row.id).sort()).toEqual(["split", "split2"]);
      expect(seqs((await store.load("split")).history)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(texts(await store.load("split2")).at(-1)).toBe("edited");
      const kept = (await store.list({ includeRetained: true })).filter((row) => row.retained).map((row) => row.id);
      expect(kept.sort()).toEqual(["edit", "trunk"]);

      await store.deleteConversation("split2");
      expect((await store.list({ includeRetained: true })).map((row) => row.id).sort()).toEqual(["split", "trunk"]);
      expect(await store.read("edit")).toBeNull();
      await store.deleteConversation("split");
      expect(await store.list({ includeRetained: true })).toEqual([]);
    });

    it("gives each branch its own runner: two branches at once, the same branch once", async () => {
      const store = await fresh();
      const trunk = await root(store, "trunk", 4);
      await saveState(branchState(trunk, 1, { id: "left" }), store);
      await saveState(branchState(trunk, 1, { id: "right" }), store);
      const left = await store.acquireLease("left");
      const right = await store.acquireLease("right");
      await expect(Promise.resolve().then(() => store.acquireLease("left"))).rejects.toBeInstanceOf(StateBusyError);
      await expect(store.deleteConversation("trunk")).rejects.toBeInstanceOf(StateBusyError);
      expect((await store.list()).map((row) => row.id).sort()).toEqual(["left", "right", "trunk"]);
      await left.release();
      await right.release();
    });
  });
}
