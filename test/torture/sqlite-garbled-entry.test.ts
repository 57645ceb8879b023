/**
 * Regression (found by the broken-files scenario): one damaged byte inside one entry's
 * JSON, as a bad sector leaves it. The database is otherwise sound. The other
 * conversations must still load, the damaged one must fail with a clear error naming the
 * database, and the person must be able to delete it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore, StoreCorruptError } from "../../src/main/agent";
import { makeSnapshot, userEntry } from "../store/records";

let folder: string;
let file: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
  file = path.join(folder, "conversations.db");
  const store = new SqliteStore(file);
  store.write("intact", [userEntry(0, "hello"), userEntry(1, "still here")], makeSnapshot("intact", { entryCount: 2 }), { create: true });
  store.write("damaged", [userEntry(0, "hello"), userEntry(1, "UNIQUE-MARK")], makeSnapshot("damaged", { entryCount: 2 }), { create: true });
  store.close(); // folds the log into the file, so the row's bytes are in it
  const bytes = fs.readFileSync(file);
  const at = bytes.indexOf(Buffer.from('"UNIQUE-MARK"'));
  expect(at).toBeGreaterThan(0);
  bytes[at] = 0x01; // the opening quote of the text: the JSON no longer parses
  fs.writeFileSync(file, bytes);
});

afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/**
 * The same database as the app finds it after being killed: a write-ahead log still
 * beside it (here: one more save, copied away while the store was open).
 */
function afterACrash(): string {
  const crashed = path.join(folder, "crashed.db");
  const store = new SqliteStore(file, { integrityCheck: "never" });
  try {
    store.write("later", [userEntry(0, "saved just before the kill")], makeSnapshot("later", { entryCount: 1 }), { create: true });
    fs.copyFileSync(file, crashed);
    fs.copyFileSync(`${file}-wal`, `${crashed}-wal`);
  } finally {
    store.close();
  }
  return crashed;
}

describe("a SqliteStore with one garbled entry", () => {
  it("opens after a clean close, and the other conversations load", () => {
    const store = new SqliteStore(file);
    try {
      expect(store.read("intact")?.entries.map((e) => e.text)).toEqual(["hello", "still here"]);
      expect(store.list().map((info) => info.id).sort()).toEqual(["damaged", "intact"]);
    } finally {
      store.close();
    }
  });

  it("opens after a crash (the integrity check runs), and the other conversations load", () => {
    const crashed = afterACrash();
    const store = new SqliteStore(crashed);
    try {
      expect(store.read("intact")?.entries.map((e) => e.text)).toEqual(["hello", "still here"]);
      expect(store.read("later")?.entries).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it("refuses the damaged conversation with an error naming the database, and lets it be deleted", () => {
    const store = new SqliteStore(file);
    try {
      expect(() => store.read("damaged")).toThrow(StoreCorruptError);
      expect(() => store.read("damaged")).toThrow(file);
      store.delete("damaged");
      expect(store.read("damaged")).toBeNull();
      expect(store.read("intact")?.entries).toHaveLength(2);
    } finally {
      store.close();
    }
  });
});
