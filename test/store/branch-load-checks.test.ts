/**
 * Loading a branch reads each ancestor only through its fork point, and every line or row it
 * reads is still checked: damage in the inherited part is named when the branch loads, as it is
 * when the ancestor itself loads. What lies past the fork point is not the branch's, so it does
 * not stop the branch from loading (the ancestor's own load names it).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { DamagedConversationError, StoreCorruptError } from "../../src/main/agent/errors";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { branchState } from "../../src/main/agent/state/branch";
import { saveState } from "../../src/main/agent/state/saver";
import { FileStore, folderNameOf } from "../../src/main/agent/stores/file/file-store";
import { entryChecksum, rowChecksum } from "../../src/main/agent/stores/sqlite/row-checksum";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import type { Store } from "../../src/main/agent/stores/store";
import { assistantEntry, makeSnapshot, userEntry } from "./records";
import { useTempDirs } from "./temp-dirs";

const tempDir = useTempDirs();
const opened: SqliteStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/** Ten entries, non-ASCII text among them, then a branch at seq 5 and a branch of it. */
function trunkEntries(): EntryRecord[] {
  return Array.from({ length: 10 }, (_, seq) =>
    seq % 2 === 0 ? userEntry(seq, `Frage ${seq}: Hörnli, Zürich, 山 😀`) : assistantEntry(seq, `Antwort ${seq}: Grüße`),
  );
}

async function withBranches(store: Store): Promise<void> {
  await store.write("trunk", trunkEntries(), makeSnapshot("trunk", { entryCount: 10 }), { create: true });
  await saveState(branchState(await store.load("trunk"), 5, { id: "edit", message: "Noch einmal, bitte." }), store);
  const edit = await store.load("edit");
  await saveState(branchState(edit, edit.history.length - 1, { id: "twig", message: "Und dann?" }), store);
}

const texts = async (store: Store, id: string) => (await store.load(id)).history.map((entry) => entry.text);

async function failure(work: Promise<unknown>): Promise<Error> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught as Error,
  );
  if (error === null) throw new Error("expected the load to fail");
  return error;
}

describe("SqliteStore: a branch's load checks every row it inherits", () => {
  function tamperEntry(file: string, stateId: string, seq: number): void {
    const db = new Database(file);
    try {
      db.prepare("UPDATE entries SET body = replace(body, 'Hörnli', 'Hornli') WHERE id = ((SELECT num FROM conversations WHERE id = ?) << 32) + ?").run(stateId, seq);
    } finally {
      db.close();
    }
  }

  async function store(): Promise<{ store: SqliteStore; file: string }> {
    const file = join(tempDir(), "alpine.sqlite3");
    const made = new SqliteStore(file);
    opened.push(made);
    await withBranches(made);
    return { store: made, file };
  }

  it("loads a branch of a branch whole, its inherited non-ASCII text as written", async () => {
    const { store: made } = await store();
    const twig = await texts(made, "twig");
    expect(twig.slice(0, 6)).toEqual(trunkEntries().slice(0, 6).map((entry) => entry.text));
    expect(twig.slice(6)).toEqual(["Noch einmal, bitte.", "Und dann?"]);
  });

  it("names damage in the trunk's part a branch of a branch inherits; damage past the fork point stops only the trunk", async () => {
    const { store: made, file } = await store();
    tamperEntry(file, "trunk", 8); // past the fork point (seq 5)
    await expect(texts(made, "twig")).resolves.toHaveLength(8);
    expect((await failure(made.load("trunk"))).message).toMatch(/history entry 8 does not match its checksum/);
    tamperEntry(file, "trunk", 2); // inherited by both branches
    for (const id of ["edit", "twig"]) {
      const error = await failure(made.load(id));
      expect(error).toBeInstanceOf(DamagedConversationError);
      expect(error.message).toMatch(/history entry 2 does not match its checksum/);
    }
  });

  it("reads a history longer than one read's chunk whole, in order, and names damage past the first chunk", async () => {
    const file = join(tempDir(), "alpine.sqlite3");
    const made = new SqliteStore(file);
    opened.push(made);
    const long = Array.from({ length: 2_500 }, (_, seq) => userEntry(seq, `message ${seq}`));
    made.write("long", long, makeSnapshot("long", { entryCount: long.length }), { create: true });
    await saveState(branchState(await made.load("long"), 2_049, { id: "late", message: "after two chunks" }), made);
    expect((await made.load("long")).history.map((entry) => entry.text)).toEqual(long.map((entry) => entry.text));
    const late = (await made.load("late")).history;
    expect(late.map((entry) => entry.seq)).toEqual(Array.from({ length: 2_051 }, (_, seq) => seq));
    expect(late[2_050].text).toBe("after two chunks");
    expect(made.readSeqRange("long", 1_000, 2_100)!.map((entry) => entry.seq)).toEqual(Array.from({ length: 1_100 }, (_, i) => 1_000 + i));
    const db = new Database(file);
    db.prepare("UPDATE entries SET body = replace(body, 'message', 'massage') WHERE id = ((SELECT num FROM conversations WHERE id = 'long') << 32) + 2000").run();
    db.close();
    expect((await failure(made.load("late"))).message).toMatch(/history entry 2000 does not match its checksum/);
  });

  it("checks an entry with the same checksum the SQL function stamps (value by value framing)", () => {
    for (const body of ["", "{}", '{"text":"Hörnli 😀 山"}', "x".repeat(3000)]) {
      for (const kind of ["user", "assistant", "é"]) {
        for (const [num, seq] of [[1, 0], [7, 12], [2 ** 31, 0xffff_ffff]]) {
          expect(entryChecksum(num, seq, kind, body)).toBe(rowChecksum(num, seq, kind, body));
        }
      }
    }
  });
});

describe("FileStore: a branch's load checks every line it inherits", () => {
  async function store(): Promise<{ store: FileStore; trunkFile: string }> {
    const made = new FileStore(join(tempDir(), "runs"));
    await withBranches(made);
    return { store: made, trunkFile: join(made.folder, folderNameOf("trunk"), "entries.jsonl") };
  }

  /** Rewrites line `line` (1 = the header) of the file with `change`. */
  function changeLine(file: string, line: number, change: (text: string) => string): void {
    const lines = readFileSync(file, "utf8").split("\n");
    lines[line - 1] = change(lines[line - 1]);
    writeFileSync(file, lines.join("\n"));
  }

  it("loads a branch of a branch whole, its inherited non-ASCII text as written", async () => {
    const { store: made } = await store();
    const twig = await texts(made, "twig");
    expect(twig.slice(0, 6)).toEqual(trunkEntries().slice(0, 6).map((entry) => entry.text));
    expect(twig.slice(6)).toEqual(["Noch einmal, bitte.", "Und dann?"]);
  });

  it("names a changed text in the inherited part; a change past the fork point stops only the trunk", async () => {
    const { store: made, trunkFile } = await store();
    changeLine(trunkFile, 10, (text) => text.replace("Hörnli", "Hornli")); // seq 8: past the fork point
    await expect(texts(made, "twig")).resolves.toHaveLength(8);
    expect((await failure(made.load("trunk"))).message).toContain("line 10 does not match its checksum");
    changeLine(trunkFile, 4, (text) => text.replace("Hörnli", "Hornli")); // seq 2
    for (const id of ["edit", "twig"]) {
      const error = await failure(made.load(id));
      expect(error).toBeInstanceOf(StoreCorruptError);
      expect(error.message).toContain(trunkFile);
      expect(error.message).toContain("line 4 does not match its checksum");
    }
  });

  it("names a garbled byte inside a multi-byte character, and a checksum whose digits are garbled", async () => {
    const { store: made, trunkFile } = await store();
    const bytes = readFileSync(trunkFile);
    const original = Buffer.from(bytes);
    const at = bytes.indexOf(Buffer.from("ö", "utf8"), bytes.indexOf("\n") + 1);
    bytes[at + 1] = 0xff; // no longer UTF-8
    writeFileSync(trunkFile, bytes);
    expect((await failure(made.load("twig"))).message).toContain("line 2 does not match its checksum");

    for (const garble of [(hex: string) => hex.toUpperCase(), (hex: string) => hex.slice(1), (hex: string) => `${hex.slice(0, 7)}g`]) {
      writeFileSync(trunkFile, original);
      changeLine(trunkFile, 3, (text) => {
        const tab = text.lastIndexOf("\t");
        const hex = text.slice(tab + 1);
        // Upper case only garbles a checksum that has letters; make sure it changes.
        const garbled = garble(hex) === hex ? `${hex.slice(0, 7)}X` : garble(hex);
        return `${text.slice(0, tab)}\t${garbled}`;
      });
      expect((await failure(made.load("edit"))).message).toContain("line 3 does not match its checksum");
    }

    writeFileSync(trunkFile, original);
    changeLine(trunkFile, 3, (text) => text.slice(0, text.lastIndexOf("\t"))); // its checksum cut away
    expect((await failure(made.load("edit"))).message).toContain("line 3 has no checksum");
    writeFileSync(trunkFile, original);
    await expect(texts(made, "twig")).resolves.toHaveLength(8);
  });
});
