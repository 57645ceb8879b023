/**
 * The store conformance suite: the rules of the Store contract, run against every store
 * (FileStore, SqliteStore, an async-only store) so each is held to the same rules.
 *
 * A store is described by a factory module exporting `makeStore(location)`; child
 * processes import the same module to open the same store.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StateBusyError, StateExistsError, StateNotFoundError } from "../../src/main/agent/errors";
import type { EntryRecord } from "../../src/main/agent/state/history";
import type { Snapshot } from "../../src/main/agent/state/snapshot";
import type { Lease, Store } from "../../src/main/agent/stores/store";
import { Child } from "./child";
import { assistantEntry, entriesUpTo, entryAt, isoAt, makeSnapshot, toolResultEntry, userEntry } from "./records";
import { useTempDirs } from "./temp-dirs";

export interface StoreSubject {
  /** Absolute path of a module exporting `makeStore(location: string): Store | Promise<Store>`. */
  factory: string;
  /** Where the store lives inside a fresh folder: the folder itself, a subfolder, or a database file. */
  location(folder: string): string;
  /** The store keeps files, which must be owner-only (files 0600, folders 0700). */
  ownerOnlyFiles: boolean;
  /** Its lease is seen by other processes, so a second process is refused. */
  crossProcessLease: boolean;
}

type MakeStore = (location: string) => Store | Promise<Store>;

const CHILDREN = path.join(path.dirname(new URL(import.meta.url).pathname), "children");
/** How long a lease of a killed process may block the next runner. */
const STALE_LEASE_LIMIT_MS = 10_000;

async function closeStore(store: Store): Promise<void> {
  const closable = store as Store & { close?: () => unknown };
  if (typeof closable.close === "function") await closable.close();
}

function walk(root: string): { file: string; isDir: boolean; mode: number }[] {
  const found: { file: string; isDir: boolean; mode: number }[] = [];
  for (const name of fs.readdirSync(root)) {
    const file = path.join(root, name);
    const stat = fs.statSync(file);
    found.push({ file, isDir: stat.isDirectory(), mode: stat.mode & 0o777 });
    if (stat.isDirectory()) found.push(...walk(file));
  }
  return found;
}

/** Retry taking a lease until it is granted or the limit passes (a stale lease may need its expiry). */
async function acquireWithin(store: Store, stateId: string, limitMs: number): Promise<Lease> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      return await store.acquireLease(stateId);
    } catch (error) {
      if (!(error instanceof StateBusyError) || Date.now() > deadline) throw error;
      await new Promise<void>((resolve) => setTimeout(resolve, 100));
    }
  }
}

const seqs = (entries: EntryRecord[]) => entries.map((entry) => entry.seq);

export function describeStoreConformance(name: string, makeStore: MakeStore, subject: StoreSubject): void {
  describe(`${name} follows the Store contract`, () => {
    const tempDir = useTempDirs();
    const opened: Store[] = [];

    async function open(location: string): Promise<Store> {
      const store = await makeStore(location);
      opened.push(store);
      return store;
    }

    async function freshStore(): Promise<{ store: Store; location: string; folder: string }> {
      const folder = tempDir();
      const location = subject.location(folder);
      return { store: await open(location), location, folder };
    }

    async function create(store: Store, id: string, count: number, updatedAt?: string): Promise<Snapshot> {
      const snapshot = makeSnapshot(id, { entryCount: count, updatedAt });
      await store.write(id, entriesUpTo(count, id), snapshot, { create: true });
      return snapshot;
    }

    // Close every store a test opened (hooks run last-registered first, so before its folder goes).
    afterEach(async () => {
      for (const store of opened.splice(0)) await closeStore(store);
    });

    it("reads back what a create wrote, entries in seq order; an unknown id reads as null", async () => {
      const { store } = await freshStore();
      expect(await store.read("nobody")).toBeNull();
      const snapshot = await create(store, "first", 3);
      const record = await store.read("first");
      expect(record).toEqual({ entries: entriesUpTo(3, "first"), snapshot });
    });

    it("skips a re-sent seq: the entry first written stays, new seqs are added", async () => {
      const { store } = await freshStore();
      await create(store, "resend", 2);
      const resent = [userEntry(0, "a different text for seq 0"), userEntry(1, "and for seq 1"), userEntry(2, "new")];
      await store.write("resend", resent, makeSnapshot("resend", { entryCount: 3 }), { create: false });
      await store.write("resend", resent, makeSnapshot("resend", { entryCount: 3 }), { create: false });
      const record = (await store.read("resend"))!;
      expect(record.entries).toEqual([...entriesUpTo(2, "resend"), userEntry(2, "new")]);
    });

    it("reads the head (snapshot and stored entry count) the same as the whole record says", async () => {
      const { store } = await freshStore();
      expect(await store.readHead("nobody")).toBeNull();
      await create(store, "head", 3);
      await store.write("head", [userEntry(0, "re-sent"), userEntry(3, "new"), userEntry(4, "newer")], null, { create: false });
      const newer = makeSnapshot("head", { entryCount: 5, updatedAt: isoAt(99) });
      await store.write("head", [], newer, { create: false });
      const record = (await store.read("head"))!;
      expect(await store.readHead("head")).toEqual({ snapshot: record.snapshot, entryCount: record.entries.length });
      expect(record.entries.length).toBe(5);
      expect(record.snapshot).toEqual(newer);
    });

    it("reads a range of seqs alone (readSeqRange): in seq order, clipped to what is stored; an unknown id reads as null", async () => {
      const { store } = await freshStore();
      expect(await store.readSeqRange("nobody", 0, 10)).toBeNull();
      await create(store, "range", 40);
      const all = entriesUpTo(40, "range");
      expect(await store.readSeqRange("range", 10, 15)).toEqual(all.slice(10, 15));
      expect(await store.readSeqRange("range", 35, 100)).toEqual(all.slice(35));
      expect(await store.readSeqRange("range", 0, 40)).toEqual(all);
      expect(await store.readSeqRange("range", 20, 20)).toEqual([]);
      expect(await store.readSeqRange("range", 40, 50)).toEqual([]);
      // Entries past the snapshot (a save that stopped halfway) are stored entries too.
      await store.write("range", [userEntry(40, "after the snapshot")], null, { create: false });
      expect(await store.readSeqRange("range", 39, 41)).toEqual([all[39], userEntry(40, "after the snapshot")]);
    });

    it("reads the newest page and older pages without the whole history (readPage)", async () => {
      const { store } = await freshStore();
      expect(await store.readPage("nobody", { limit: 5 })).toBeNull();
      const snapshot = await create(store, "paged", 1_000);
      const all = entriesUpTo(1_000, "paged");
      const newest = (await store.readPage("paged", { limit: 30 }))!;
      expect(newest).toEqual({ snapshot, entries: all.slice(970), firstSeq: 970, totalEntries: 1_000 });
      const older = (await store.readPage("paged", { limit: 30, beforeSeq: newest.firstSeq }))!;
      expect(seqs(older.entries)).toEqual(seqs(all.slice(940, 970)));
      const first = (await store.readPage("paged", { limit: 30, beforeSeq: 12 }))!;
      expect(first.entries).toEqual(all.slice(0, 12));
      expect(first.firstSeq).toBe(0);
      const past = (await store.readPage("paged", { limit: 5, beforeSeq: 5_000 }))!;
      expect(seqs(past.entries)).toEqual([995, 996, 997, 998, 999]);
      expect((await store.readPage("paged", { limit: 5, beforeSeq: 0 }))!.entries).toEqual([]);
      await expect(store.readPage("paged", { limit: 0 })).rejects.toThrow(RangeError);
      // A page reads what is stored now.
      await store.write("paged", [userEntry(1_000, "one more")], makeSnapshot("paged", { entryCount: 1_001, updatedAt: isoAt(5) }), { create: false });
      const after = (await store.readPage("paged", { limit: 2 }))!;
      expect(after.entries).toEqual([all[999], userEntry(1_000, "one more")]);
      expect(after.totalEntries).toBe(1_001);
      expect(after.snapshot.entryCount).toBe(1_001);
    });

    it("keeps the current snapshot when a write's snapshot is null", async () => {
      const { store } = await freshStore();
      const snapshot = await create(store, "keep", 1);
      await store.write("keep", [userEntry(1, "more")], null, { create: false });
      const record = (await store.read("keep"))!;
      expect(record.snapshot).toEqual(snapshot);
      expect(seqs(record.entries)).toEqual([0, 1]);
    });

    it("refuses a create of an id it has with StateExistsError, changing nothing", async () => {
      const { store } = await freshStore();
      const snapshot = await create(store, "taken", 2);
      const imposter = [userEntry(0, "imposter"), userEntry(2, "imposter")];
      const error = await Promise.resolve()
        .then(() => store.write("taken", imposter, makeSnapshot("taken", { entryCount: 3, task: "Other" }), { create: true }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StateExistsError);
      expect((error as Error).message).toContain('"taken"');
      expect(await store.read("taken")).toEqual({ entries: entriesUpTo(2, "taken"), snapshot });
    });

    it("writes a create all or nothing: a create that fails leaves no trace, and the id stays free", async () => {
      const { store } = await freshStore();
      const badSnapshot = makeSnapshot("atomic", { entryCount: 2, data: { size: 10n } });
      await expect(Promise.resolve().then(() => store.write("atomic", entriesUpTo(2), badSnapshot, { create: true }))).rejects.toThrow();
      expect(await store.read("atomic")).toBeNull();
      const badEntry = { ...userEntry(1, "x"), extra: 10n } as unknown as EntryRecord;
      await expect(
        Promise.resolve().then(() => store.write("atomic", [userEntry(0, "ok"), badEntry], makeSnapshot("atomic", { entryCount: 2 }), { create: true })),
      ).rejects.toThrow();
      expect(await store.read("atomic")).toBeNull();
      expect((await store.list()).map((info) => info.id)).not.toContain("atomic");
      const snapshot = await create(store, "atomic", 2);
      expect((await store.read("atomic"))!.snapshot).toEqual(snapshot);
    });

    it("refuses an update of an id it does not have (StateNotFoundError)", async () => {
      const { store } = await freshStore();
      await expect(
        Promise.resolve().then(() => store.write("ghost", [userEntry(0, "hi")], makeSnapshot("ghost", { entryCount: 1 }), { create: false })),
      ).rejects.toBeInstanceOf(StateNotFoundError);
      expect(await store.read("ghost")).toBeNull();
    });

    it("lists the most recently updated first, with limit and offset", async () => {
      const { store } = await freshStore();
      await create(store, "a", 1, isoAt(1));
      await create(store, "b", 1, isoAt(2));
      await create(store, "c", 1, isoAt(3));
      await store.write("a", [userEntry(1, "again")], makeSnapshot("a", { entryCount: 2, updatedAt: isoAt(4), stoppedBy: "end_turn" }), {
        create: false,
      });
      const all = await store.list();
      expect(all.map((info) => info.id)).toEqual(["a", "c", "b"]);
      expect(all[0]).toEqual({
        id: "a",
        task: "Task of a",
        title: "Task of a",
        createdAt: isoAt(0),
        updatedAt: isoAt(4),
        stoppedBy: "end_turn",
        entryCount: 2,
        conversationId: "a",
        parent: null,
      });
      expect((await store.list({ limit: 2 })).map((info) => info.id)).toEqual(["a", "c"]);
      expect((await store.list({ limit: 2, offset: 1 })).map((info) => info.id)).toEqual(["c", "b"]);
      expect(await store.list({ offset: 3 })).toEqual([]);
    });

    it("deletes one State and nothing else; the id can be created again", async () => {
      const { store } = await freshStore();
      await create(store, "gone", 4);
      const kept = await create(store, "kept", 2);
      await store.delete("gone");
      expect(await store.read("gone")).toBeNull();
      expect((await store.list()).map((info) => info.id)).toEqual(["kept"]);
      expect(await store.read("kept")).toEqual({ entries: entriesUpTo(2, "kept"), snapshot: kept });
      const again = makeSnapshot("gone", { entryCount: 1, task: "Second life" });
      await store.write("gone", [userEntry(0, "reborn")], again, { create: true });
      expect(await store.read("gone")).toEqual({ entries: [userEntry(0, "reborn")], snapshot: again });
    });

    it("refuses to delete a State while a runner holds its lease", async () => {
      const { store } = await freshStore();
      await create(store, "busy", 1);
      const lease = await store.acquireLease("busy");
      await expect(Promise.resolve().then(() => store.delete("busy"))).rejects.toBeInstanceOf(StateBusyError);
      expect(await store.read("busy")).not.toBeNull();
      await lease.release();
      await store.delete("busy");
      expect(await store.read("busy")).toBeNull();
    });

    it("gives one runner at a time a State's lease in this process", async () => {
      const { store, location } = await freshStore();
      await create(store, "solo", 1);
      const lease = await store.acquireLease("solo");
      const other = await open(location); // a second object on the same store
      for (const contender of [store, other]) {
        await expect(Promise.resolve().then(() => contender.acquireLease("solo"))).rejects.toBeInstanceOf(StateBusyError);
      }
      await lease.release();
      const next = await other.acquireLease("solo");
      await next.release();
    });

    it("is one store for two objects on one location (equal storeKey, shared data), another for another location", async () => {
      const { store, folder } = await freshStore();
      const twin = await open(subject.location(folder));
      expect(twin.storeKey).toBe(store.storeKey);
      await create(store, "shared", 2);
      expect((await twin.read("shared"))!.entries).toEqual(entriesUpTo(2, "shared"));

      const alias = path.join(tempDir(), "alias");
      fs.symlinkSync(folder, alias);
      expect((await open(subject.location(alias))).storeKey).toBe(store.storeKey);
      const elsewhere = await open(subject.location(tempDir()));
      expect(elsewhere.storeKey).not.toBe(store.storeKey);
    });

    it("keeps large and non-ASCII entries exactly", async () => {
      const { store } = await freshStore();
      const big = toolResultEntry(1, "call_1", "read_file", `${"x".repeat(1_500_000)}\n`);
      const odd = assistantEntry(2, "Grüße 👋 — \u0000 \u2028 \"quoted\" \\ back\nslash");
      const snapshot = makeSnapshot("wide", { entryCount: 3, title: "Ünïcödé ✓", data: { nested: [1, "two", { three: null }] } });
      await store.write("wide", [userEntry(0, "start"), big, odd], snapshot, { create: true });
      expect(await store.read("wide")).toEqual({ entries: [userEntry(0, "start"), big, odd], snapshot });
    });

    it("loads a saved State through store.load", async () => {
      const { store } = await freshStore();
      await create(store, "loadme", 6);
      const state = await store.load("loadme");
      expect(state.id).toBe("loadme");
      expect(state.task).toBe("Task of loadme");
      expect(state.history.map((entry) => [entry.seq, entry.kind, entry.text])).toEqual(
        entriesUpTo(6, "loadme").map((entry) => [entry.seq, entry.kind, entry.text]),
      );
    });

    if (subject.ownerOnlyFiles) {
      it("keeps every file owner-only (files 0600, folders 0700)", async () => {
        const { store, folder } = await freshStore();
        await create(store, "private", 3);
        await store.write("private", [entryAt(3, "private")], makeSnapshot("private", { entryCount: 4 }), { create: false });
        const found = walk(folder);
        expect(found.some((f) => !f.isDir)).toBe(true);
        for (const f of found) expect([f.file, f.mode.toString(8)]).toEqual([f.file, f.isDir ? "700" : "600"]);
      });
    }

    it("loads every acknowledged entry after the saving process is killed mid save loop", async () => {
      const { location } = await freshStore();
      const child = new Child(path.join(CHILDREN, "save-loop.ts"), [subject.factory, location, "killed"]);
      const acks = 40;
      await child.waitFor((line) => line === `ack ${acks - 1}`, `ack ${acks - 1}`);
      await child.kill();
      const acknowledged = Math.max(...child.lines.filter((l) => l.startsWith("ack ")).map((l) => Number(l.slice(4))));
      expect(acknowledged).toBeGreaterThanOrEqual(acks - 1);

      const store = await open(location);
      const record = (await store.read("killed"))!;
      const stored = record.entries.length;
      expect(stored).toBeGreaterThanOrEqual(acknowledged + 1);
      expect(record.entries).toEqual(Array.from({ length: stored }, (_, seq) => entryAt(seq)));
      const state = await store.load("killed");
      expect(state.history.slice(0, acknowledged + 1).map((e) => [e.seq, e.kind, e.text])).toEqual(
        entriesUpTo(acknowledged + 1).map((e) => [e.seq, e.kind, e.text]),
      );
    });

    if (subject.crossProcessLease) {
      it("lets one of two racing processes run a State, refuses the other, corrupts nothing, and recovers the lease after a kill", async () => {
        const { store, location } = await freshStore();
        await create(store, "race", 3);
        const racers = [0, 1].map(() => new Child(path.join(CHILDREN, "lease-holder.ts"), [subject.factory, location, "race"]));
        await Promise.all(racers.map((child) => child.waitFor((line) => line === "ready", "ready")));
        for (const child of racers) child.send("go");
        const outcomes = await Promise.all(
          racers.map((child) => child.waitFor((line) => line.startsWith("held ") || line.startsWith("busy "), "held or busy")),
        );
        const winners = racers.filter((_, i) => outcomes[i].startsWith("held "));
        const losers = racers.filter((_, i) => outcomes[i].startsWith("busy "));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(1);
        const [winner] = winners;
        const refusal = outcomes[racers.indexOf(losers[0])];
        expect(refusal).toContain("StateBusyError");
        expect(refusal).toContain('"race"');

        await winner.waitFor((line) => line === "saved", "saved");
        const busy = await Promise.resolve()
          .then(() => store.acquireLease("race"))
          .catch((caught: unknown) => caught);
        expect(busy).toBeInstanceOf(StateBusyError);
        expect((busy as Error).message).toContain('"race"');
        expect((busy as Error).message).toContain(`process ${winner.pid}`);
        expect((await store.read("race"))!.entries).toEqual([...entriesUpTo(3, "race"), entryAt(3), entryAt(4)]);

        await winner.kill(); // its lease is now stale
        const lease = await acquireWithin(store, "race", STALE_LEASE_LIMIT_MS);
        await store.write("race", [entryAt(5)], makeSnapshot("race", { entryCount: 6 }), { create: false });
        await lease.release();
        const state = await store.load("race");
        expect(state.history.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
      });
    }
  });
}
