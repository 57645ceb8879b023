/**
 * Restoring a conversation from a backup uses the store's own SQLite build (`nativeBinding`)
 * for every database it opens (the app may be given a build of its own; one it was not given may
 * not load in its runtime); here the default module is made to refuse the
 * same way (its entry in Node's module cache throws on use) and the store is given a copy of
 * the real build as its own, so any open that forgets the binding fails.
 */
import fs from "node:fs";
import { createRequire, Module } from "node:module";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { entriesUpTo, isoAt, makeSnapshot } from "./records";
import { useTempDirs } from "./temp-dirs";

const require = createRequire(import.meta.url);
/** The module better-sqlite3 loads when given none: a local build if one was made, else its prebuilt one. */
const packageFolder = path.dirname(require.resolve("better-sqlite3/package.json"));
const localBuild = path.join(packageFolder, "build", "Release", "better_sqlite3.node");
const defaultBuild = fs.existsSync(localBuild) ? localBuild : path.join(packageFolder, "prebuilds", `${process.platform}-${process.arch}.node`);
const REFUSED = "Node's build of better-sqlite3 was loaded instead of the store's own";

const tempDir = useTempDirs();
let ownBuildFolder: string;
let ownBuild: string;
let previousEntry: NodeJS.Module | undefined;
beforeAll(() => {
  ownBuildFolder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-sqlite-build-"));
  ownBuild = path.join(ownBuildFolder, "better_sqlite3.node");
  fs.copyFileSync(defaultBuild, ownBuild);
  previousEntry = require.cache[defaultBuild];
  const refusing = new Module(defaultBuild);
  refusing.filename = defaultBuild;
  refusing.loaded = true;
  refusing.exports = new Proxy(
    {},
    {
      get() {
        throw new Error(REFUSED);
      },
    },
  );
  require.cache[defaultBuild] = refusing;
});
afterAll(() => {
  if (previousEntry) require.cache[defaultBuild] = previousEntry;
  else delete require.cache[defaultBuild];
  fs.rmSync(ownBuildFolder, { recursive: true, force: true });
});

const stores: SqliteStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function run(file: string, sql: string): void {
  const db = new Database(file, { nativeBinding: ownBuild });
  try {
    db.pragma("foreign_keys = OFF");
    db.prepare(sql).run();
  } finally {
    db.close();
  }
}

describe("restoreFromBackup with the store's own SQLite build", () => {
  it("Node's build is refused in this test (so an open without the binding fails)", () => {
    expect(() => new Database(":memory:")).toThrow(REFUSED);
  });

  it("puts a damaged conversation back from a backup without loading Node's build", () => {
    const file = path.join(tempDir(), "alpine.sqlite3");
    const writer = new SqliteStore(file, { nativeBinding: ownBuild });
    for (const [i, id] of ["alpha", "bravo"].entries()) {
      writer.write(id, entriesUpTo(3, id), makeSnapshot(id, { entryCount: 3, updatedAt: isoAt(i) }), { create: true });
    }
    writer.close();
    const backup = `${file}.backup-copy`;
    run(file, `VACUUM INTO '${backup.replaceAll("'", "''")}'`);
    run(file, "UPDATE conversations SET id = 'br\u0001vo' WHERE id = 'bravo'");

    const store = new SqliteStore(file, { nativeBinding: ownBuild });
    stores.push(store);
    expect(store.restoreFromBackup("br\u0001vo", backup)).toBe("bravo");
    expect(store.read("bravo")!.entries).toHaveLength(3);
    expect(store.list().filter((info) => info.damaged)).toEqual([]);
  });
});
