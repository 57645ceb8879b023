/**
 * FileStore's list index (index.jsonl): list() trusts it and reads only what was appended
 * since its last call, yet sees what other FileStore objects and other processes created,
 * saved and deleted; lines stay short and the file is compacted; States it lacks are added
 * back; version 1 files are read, newer ones refused and left unchanged.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileStore, SchemaTooNewError, type SavedStateInfo } from "../../src/main/agent";
import { IndexFile } from "../../src/main/agent/stores/file/list-index-file";
import { isoAt, makeSnapshot, userEntry } from "../store/records";
import { makeTempDir, rejectionOf, removeDir, startChild } from "./helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/file-store/", import.meta.url));
const SAVER = fileURLToPath(new URL("./children/index-saver.ts", import.meta.url));

let dir: string;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => removeDir(dir));

const ids = (infos: SavedStateInfo[]) => infos.map((info) => info.id);
const indexPath = () => join(dir, "index.jsonl");
const indexLines = () => readFileSync(indexPath(), "utf8").trimEnd().split("\n");

async function create(store: FileStore, id: string, minute: number, fields: { title?: string } = {}): Promise<void> {
  await store.write(id, [userEntry(0, `hello ${id}`)], makeSnapshot(id, { entryCount: 1, updatedAt: isoAt(minute), ...fields }), { create: true });
}

async function save(store: FileStore, id: string, entryCount: number, minute: number, fields: { title?: string } = {}): Promise<void> {
  const entry = userEntry(entryCount - 1, `message ${entryCount - 1}`);
  await store.write(id, [entry], makeSnapshot(id, { entryCount, updatedAt: isoAt(minute), stoppedBy: "end_turn", ...fields }), { create: false });
}

/** What index.jsonl lists when replayed from scratch, without looking at the folders. */
async function replayed(): Promise<Map<string, SavedStateInfo>> {
  const file = new IndexFile(indexPath(), join(dir, "index.lock"));
  await file.catchUp();
  return file.records;
}

describe("FileStore list index", () => {
  it("sees what another FileStore on the same folder created, saved, renamed and deleted after this one listed", async () => {
    const mine = new FileStore(dir);
    const other = new FileStore(dir);
    await create(mine, "one", 1);
    expect(ids(await mine.list())).toEqual(["one"]);

    await create(other, "two", 2);
    expect(ids(await mine.list())).toEqual(["two", "one"]);

    await save(other, "one", 2, 3, { title: "Renamed" });
    expect(await mine.list({ limit: 1 })).toEqual([
      { id: "one", task: "Task of one", title: "Renamed", createdAt: isoAt(0), updatedAt: isoAt(3), stoppedBy: "end_turn", entryCount: 2, conversationId: "one", parent: null },
    ]);

    await other.delete("two");
    expect(ids(await mine.list())).toEqual(["one"]);
    await create(other, "two", 4);
    expect(ids(await mine.list())).toEqual(["two", "one"]);
  });

  it("sees States another process created and saved, while that process compacts the index", async () => {
    const store = new FileStore(dir);
    await create(store, "mine", 0);
    expect(ids(await store.list())).toEqual(["mine"]);
    const saves = 150; // past the compaction threshold, twice over
    const children = ["left", "right"].map((id) => startChild(SAVER, {}, { args: [dir, id, String(saves)] }));
    // Meanwhile this process saves and lists too.
    for (let i = 2; i <= 40; i++) {
      await save(store, "mine", i, i);
      await store.list({ limit: 10 });
    }
    for (const child of children) {
      await child.waitForLine((line) => line.startsWith("DONE"), "DONE");
      expect((await child.exited).code).toBe(0);
    }
    const listed = await store.list();
    expect(listed.map((info) => [info.id, info.entryCount])).toEqual([
      ["left", saves + 1],
      ["right", saves + 1],
      ["mine", 40],
    ]);
    // The index itself has every last save (not only what list() checks against the folders)...
    const records = await replayed();
    expect([...records.values()].map((info) => [info.id, info.entryCount]).sort()).toEqual([
      ["left", saves + 1],
      ["mine", 40],
      ["right", saves + 1],
    ]);
    // ...and was compacted: far fewer lines than the 340 saves.
    expect(JSON.parse(indexLines()[0])).toMatchObject({ format: "alpine-list-index", version: 3 });
    expect(indexLines().length).toBeLessThan(200);
  }, 60_000);

  it("appends a short line when a save changes only the time, the status and the entry count", async () => {
    const store = new FileStore(dir);
    await create(store, "short", 1);
    await save(store, "short", 2, 2);
    const last = JSON.parse(indexLines().at(-1)!);
    expect(last).toEqual({ i: "short", u: isoAt(2), s: "end_turn", n: 2 });
    await save(store, "short", 3, 3, { title: "New title" });
    expect(JSON.parse(indexLines().at(-1)!)).toMatchObject({ i: "short", k: "Task of short", t: "New title", n: 3 });
  });

  it("compacts the index: one line per State however many saves", async () => {
    const store = new FileStore(dir);
    await create(store, "busy", 1);
    await create(store, "quiet", 0);
    await store.delete("quiet");
    for (let count = 2; count <= 300; count++) await save(store, "busy", count, count);
    expect(indexLines().length).toBeLessThan(80);
    expect([...(await replayed()).keys()]).toEqual(["busy"]);
    await store.reconcile(); // compacts now
    expect(indexLines()).toHaveLength(2); // the header and the one State
    expect(await store.list()).toMatchObject([{ id: "busy", entryCount: 300, updatedAt: isoAt(300) }]);
    expect(statSync(indexPath()).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(["busy", "format.json", "index.jsonl"]); // no lock or temporary file left
  });

  it("lists from the index after its first call: a folder it lacks is added by a new FileStore, by loading it, by reconcile()", async () => {
    const store = new FileStore(dir);
    await create(store, "indexed", 1);
    expect(ids(await store.list())).toEqual(["indexed"]);
    // A State whose line is missing (its creator was killed before appending it).
    const elsewhere = makeTempDir();
    try {
      await create(new FileStore(elsewhere), "Lost", 2);
      cpSync(join(elsewhere, "=lost"), join(dir, "=lost"), { recursive: true });
    } finally {
      removeDir(elsewhere);
    }
    expect(ids(await store.list())).toEqual(["indexed"]); // the index is trusted
    expect(ids(await new FileStore(dir).list())).toEqual(["Lost", "indexed"]); // a first list adds it
    expect(ids(await store.list())).toEqual(["Lost", "indexed"]); // for everyone: it went into the index

    // The line lost again: trusted until a load adds the State loaded.
    writeFileSync(indexPath(), `${indexLines().filter((line) => !line.includes('"Lost"')).join("\n")}\n`);
    expect(ids(await store.list())).toEqual(["indexed"]);
    await store.load("Lost");
    expect(ids(await store.list())).toEqual(["Lost", "indexed"]);

    // Lost again, now for reconcile().
    writeFileSync(indexPath(), `${indexLines().filter((line) => !line.includes('"Lost"')).join("\n")}\n`);
    expect(ids(await store.list())).toEqual(["indexed"]);
    await store.reconcile();
    expect(ids(await store.list())).toEqual(["Lost", "indexed"]);

    rmSync(indexPath()); // the whole file lost: the next list() reads the folders
    expect(ids(await store.list())).toEqual(["Lost", "indexed"]);
  });

  it("never lists a State whose folder is gone, even when the index still has it", async () => {
    const store = new FileStore(dir);
    await create(store, "kept", 1);
    await create(store, "removed", 2);
    expect(ids(await store.list())).toEqual(["removed", "kept"]);
    rmSync(join(dir, "removed"), { recursive: true }); // by hand, or a delete cut short
    expect(ids(await store.list())).toEqual(["kept"]);
    expect(ids(await store.list({ offset: 0, limit: 1 }))).toEqual(["kept"]);
    writeFileSync(join(dir, "removed"), "a file where the folder was");
    expect(ids(await store.list())).toEqual(["kept"]);
  });

  it("does not merge a line torn by a kill with the next one", async () => {
    const store = new FileStore(dir);
    await create(store, "first", 1);
    writeFileSync(indexPath(), `${readFileSync(indexPath(), "utf8")}{"i":"first","u":"20`);
    await create(store, "second", 2);
    expect(ids(await store.list())).toEqual(["second", "first"]);
    expect([...(await replayed()).keys()].sort()).toEqual(["first", "second"]);
  });

  it("refuses an index of a newer version and never writes to it", async () => {
    const store = new FileStore(dir);
    await create(store, "present", 1);
    const newer = '{"format":"alpine-list-index","version":4,"file":"x"}\n{"future":"line"}\n';
    writeFileSync(indexPath(), newer);
    const error = await rejectionOf(new FileStore(dir).list());
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toMatchObject({ path: indexPath(), found: 4, supported: 3 });
    await save(store, "present", 2, 2); // the State itself is saved...
    await create(store, "added", 3);
    await store.delete("added");
    await expect(store.reconcile()).rejects.toBeInstanceOf(SchemaTooNewError);
    expect(readFileSync(indexPath(), "utf8")).toBe(newer); // ...the index left as it was
    expect((await store.load("present")).history).toHaveLength(2);
  });

  it("lists every State when the index header is damaged (its version unreadable): damage is not a newer version", async () => {
    const store = new FileStore(dir);
    await create(store, "first", 1);
    await create(store, "second", 2);
    // A garbled byte in the header's key: still JSON, still our format, but no version.
    writeFileSync(indexPath(), readFileSync(indexPath(), "utf8").replace('"version"', '"vers!on"'));
    const fresh = new FileStore(dir);
    expect(ids(await fresh.list())).toEqual(["second", "first"]);
    await create(fresh, "third", 3);
    expect(ids(await fresh.list())).toEqual(["third", "second", "first"]);
  });
});

describe("list index of version 1 (frozen fixture)", () => {
  function copyFixture(): void {
    cpSync(join(FIXTURES, "index-version-1"), dir, { recursive: true });
  }

  it("is read as it was: newest line of each id, deleted States left out, States it lacks added", async () => {
    expect(readFileSync(join(FIXTURES, "index-version-1", "index.jsonl"), "utf8").startsWith('{"id":"Trip-Porto"')).toBe(true); // no header
    copyFixture();
    const frozen = readFileSync(indexPath(), "utf8");
    const store = new FileStore(dir);
    expect(await store.list()).toEqual([
      { id: "Unindexed", task: "A State whose index line was lost", title: "A State whose index line was lost", createdAt: "2025-05-01T09:12:00.000Z", updatedAt: "2025-05-01T09:12:01.000Z", stoppedBy: null, entryCount: 1, conversationId: "Unindexed", parent: null },
      { id: "recipe", task: "Suggest a dinner with what is in the fridge", title: "Frittata", createdAt: "2025-05-01T09:11:00.000Z", updatedAt: "2025-05-01T09:11:09.000Z", stoppedBy: "end_turn", entryCount: 2, conversationId: "recipe", parent: null },
      { id: "Trip-Porto", task: "Find a train to Porto", title: "Find a train to Porto", createdAt: "2025-05-01T09:10:00.000Z", updatedAt: "2025-05-01T09:10:03.000Z", stoppedBy: "end_turn", entryCount: 2, conversationId: "Trip-Porto", parent: null },
    ]);
    expect(readFileSync(indexPath(), "utf8").startsWith(frozen)).toBe(true); // only appended to

    // Saving appends version 2 lines after the old ones; both are read.
    await store.write("Trip-Porto", [userEntry(2, "And back?")], { ...(await store.read("Trip-Porto"))!.snapshot!, entryCount: 3, updatedAt: "2025-05-01T09:20:00.000Z" }, { create: false });
    expect(ids(await new FileStore(dir).list())).toEqual(["Trip-Porto", "Unindexed", "recipe"]);
    expect((await new FileStore(dir).list())[0]).toMatchObject({ id: "Trip-Porto", title: "Find a train to Porto", entryCount: 3 });

    // A compaction writes it as version 2.
    await store.reconcile();
    expect(JSON.parse(indexLines()[0])).toMatchObject({ format: "alpine-list-index", version: 3 });
    expect(indexLines()).toHaveLength(4);
    expect(ids(await new FileStore(dir).list())).toEqual(["Trip-Porto", "Unindexed", "recipe"]);
  });
});

describe("list index and the States' own files", () => {
  it("keeps no meta.json beside new States, and lists a folder of an older version from its meta.json when its snapshot cannot be read", async () => {
    const store = new FileStore(dir);
    await create(store, "modern", 1);
    expect(readdirSync(join(dir, "modern")).sort()).toEqual(["entries.jsonl", "snapshot.json"]);
    mkdirSync(join(dir, "older"), { mode: 0o700 });
    writeFileSync(join(dir, "older", "snapshot.json"), "{garbled");
    writeFileSync(
      join(dir, "older", "meta.json"),
      JSON.stringify({ id: "older", task: "t", title: "t", createdAt: isoAt(0), updatedAt: isoAt(5), stoppedBy: null, entryCount: 1 }),
    );
    expect(ids(await new FileStore(dir).list())).toEqual(["older", "modern"]);
  });
});
