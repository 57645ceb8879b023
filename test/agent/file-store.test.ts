/**
 * FileStore on real files: owner-only modes, append-only history whose torn last line is
 * ignored and then cut away, atomic snapshots, all-or-nothing creation, clear errors for
 * broken files, list and delete.
 */
import { appendFileSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Agent, FileStore, SchemaTooNewError, State, StateExistsError, StateNotFoundError, StoreCorruptError, type Snapshot } from "../../src/main/agent";
import { type ModelServer } from "../support/model-server";
import { MODEL, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

async function savedState(store: FileStore, id: string, reply = "Hi."): Promise<State> {
  server.script({ text: reply });
  const state = new State(`Task ${id}`, { id });
  await new Agent({ model: MODEL, client: clientFor(server), store }).run(state);
  return state;
}

describe("FileStore", () => {
  it("makes folders 0700 and files 0600 whatever the umask", async () => {
    const previous = process.umask(0o000);
    try {
      const store = new FileStore(join(dir, "runs"));
      await savedState(store, "private");
      expect(statSync(join(dir, "runs")).mode & 0o777).toBe(0o700);
      const folder = join(dir, "runs", "private");
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      const files = readdirSync(folder);
      expect(files.sort()).toEqual(["entries.jsonl", "snapshot.json"]);
      for (const file of files) expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "runs", "index.jsonl")).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("keeps a format version in its files, one JSON line per entry", async () => {
    const store = new FileStore(dir);
    await savedState(store, "versioned");
    const lines = readFileSync(join(dir, "versioned", "entries.jsonl"), "utf8").trimEnd().split("\n");
    expect(JSON.parse(lines[0])).toEqual({ format: "alpine-history", version: 1, checksums: true });
    // Each line: the entry's JSON, a tab, and the checksum of that JSON (format 3).
    expect(lines.slice(1).map((l) => l.split("\t")[1])).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/), expect.stringMatching(/^[0-9a-f]{8}$/)]);
    expect(lines.slice(1).map((l) => JSON.parse(l.split("\t")[0]).seq)).toEqual([0, 1]);
    expect(JSON.parse(readFileSync(join(dir, "versioned", "snapshot.json"), "utf8").split("\t")[1]).version).toBe(3);
  });

  it("ignores a torn last line on reading, and cuts it away before the next append", async () => {
    const store = new FileStore(dir);
    await savedState(store, "torn");
    const file = join(dir, "torn", "entries.jsonl");
    appendFileSync(file, '{"seq":2,"kind":"user","te'); // a kill in the middle of an append
    const loaded = await store.load("torn");
    expect(loaded.history).toHaveLength(2);
    loaded.addUserMessage("Next message");
    await new Agent({ model: MODEL, client: clientFor(server), store }).save(loaded);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(1, -1).map((l) => JSON.parse(l.split("\t")[0]).text)).toEqual(["Task torn", "Hi.", "Next message"]);
    expect((await store.load("torn")).history.map((e) => e.seq)).toEqual([0, 1, 2]);
  });

  it("skips entries it already has when a write is sent again", async () => {
    const store = new FileStore(dir);
    await savedState(store, "again");
    const record = (await store.read("again"))!;
    await store.write("again", record.entries, null, { create: false });
    expect((await store.read("again"))!.entries).toHaveLength(2);
  });

  it("names the file of corrupt JSON with StoreCorruptError", async () => {
    const store = new FileStore(dir);
    await savedState(store, "broken");
    writeFileSync(join(dir, "broken", "snapshot.json"), "{not json");
    const failure = await rejectionOf(store.load("broken"));
    expect(failure).toBeInstanceOf(StoreCorruptError);
    expect(failure.message).toContain(join(dir, "broken", "snapshot.json"));

    await savedState(store, "broken2");
    const entries = join(dir, "broken2", "entries.jsonl");
    const lines = readFileSync(entries, "utf8").split("\n");
    lines[1] = "{garbage";
    writeFileSync(entries, lines.join("\n"));
    const failure2 = await rejectionOf(store.load("broken2"));
    expect(failure2).toBeInstanceOf(StoreCorruptError);
    expect(failure2.message).toContain(`${entries} cannot be read (line 2 has no checksum)`); // every line of a format 3 file has one
  });

  it("refuses files of a newer format with SchemaTooNewError, leaving them unchanged", async () => {
    const store = new FileStore(dir);
    await savedState(store, "future");
    const file = join(dir, "future", "snapshot.json");
    const snapshot = JSON.parse(readFileSync(file, "utf8").split("\t")[1]) as Snapshot;
    writeFileSync(file, JSON.stringify({ ...snapshot, version: 99 }));
    const failure = await rejectionOf(store.load("future"));
    expect(failure).toBeInstanceOf(SchemaTooNewError);
    expect(failure.message).toMatch(/schema version 99/);
    expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(99);
  });

  it("creates a State all or nothing and refuses an id it has", async () => {
    const store = new FileStore(dir);
    const state = await savedState(store, "taken");
    const record = (await store.read("taken"))!;
    await expect(store.write("taken", record.entries, record.snapshot, { create: true })).rejects.toBeInstanceOf(StateExistsError);
    expect(readdirSync(dir).sort()).toEqual(["format.json", "index.jsonl", "taken"]); // no temporary folder left behind
    expect(state.id).toBe("taken");
  });

  it("lists States newest first, with limit and offset, and deletes one", async () => {
    const store = new FileStore(dir);
    await savedState(store, "first");
    await savedState(store, "second");
    await savedState(store, "Third");
    const list = await store.list();
    expect(list.map((s) => s.id)).toEqual(["Third", "second", "first"]);
    expect(list[0]).toMatchObject({ id: "Third", task: "Task Third", title: "Task Third", stoppedBy: "end_turn", entryCount: 2 });
    expect((await store.list({ offset: 1, limit: 1 })).map((s) => s.id)).toEqual(["second"]);
    await store.delete("second");
    expect((await store.list()).map((s) => s.id)).toEqual(["Third", "first"]);
    await expect(store.load("second")).rejects.toBeInstanceOf(StateNotFoundError);
    await store.delete("second"); // deleting what is gone is fine
  });

  it("keeps ids that differ only in case apart, even on a case-insensitive file system", async () => {
    const store = new FileStore(dir);
    await savedState(store, "Report", "upper");
    await savedState(store, "report", "lower");
    expect((await store.load("Report")).history[1].text).toBe("upper");
    expect((await store.load("report")).history[1].text).toBe("lower");
    expect(readdirSync(dir).sort()).toEqual(["=report", "format.json", "index.jsonl", "report"]);
  });

  it("lists from one index file, and from the State's folder when the index lacks it", async () => {
    const store = new FileStore(dir);
    await savedState(store, "indexed");
    await savedState(store, "unindexed");
    const index = join(dir, "index.jsonl");
    const lines = readFileSync(index, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ format: "alpine-list-index", version: 3 });
    expect(lines.at(-1)).toMatchObject({ i: "unindexed", s: "end_turn" });
    // Lose the index lines of one State (a process killed between creating it and indexing it):
    // the first list() reads its snapshot and heals the index.
    writeFileSync(index, `${lines.filter((l) => l.i !== "unindexed").map((l) => JSON.stringify(l)).join("\n")}\n{torn`);
    expect((await store.list()).map((s) => s.id)).toEqual(["unindexed", "indexed"]);
    expect(readFileSync(index, "utf8")).toContain('"i":"unindexed"');
    expect(statSync(index).mode & 0o777).toBe(0o600);
  });
});
