/**
 * SqliteStore's reads are compiled once: read again with other values (another conversation, another
 * page, another search), no statement is compiled again. SQLite recompiles a statement whose plan may
 * depend on a parameter's value at each new value (compiled-once-param.ts); better-sqlite3 then builds
 * a new row maker for it. The store here runs on its own copy of the SQLite module (a separate
 * instance), set up with the same row makers as better-sqlite3's, counted, so each row maker built
 * is seen with the columns it is for.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { entriesUpTo, isoAt, makeSnapshot } from "./records";
import { useTempDirs } from "./temp-dirs";

const require = createRequire(import.meta.url);
const packageFolder = path.dirname(require.resolve("better-sqlite3/package.json"));
const localBuild = path.join(packageFolder, "build", "Release", "better_sqlite3.node");
const defaultBuild = fs.existsSync(localBuild) ? localBuild : path.join(packageFolder, "prebuilds", `${process.platform}-${process.arch}.node`);

/** The columns of each row maker built, in order. */
const rowMakers: string[] = [];
let buildFolder: string;
let build: string;

/** What better-sqlite3 gives its native module (lib/database.js), the row maker counted. */
function initializeCounted(addon: { initialize: (...factories: unknown[]) => void; isInitialized?: boolean }): void {
  addon.initialize(
    Database.SqliteError,
    (...values: unknown[]) => values,
    (array: unknown[], ...values: unknown[]) => void array.push(...values),
    (...keys: string[]) => {
      rowMakers.push(keys.join(","));
      return (...values: unknown[]) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) row[keys[i]] = values[i];
        return row;
      };
    },
    (value: unknown) => ({ value, done: false }),
  );
  addon.isInitialized = true;
}

beforeAll(() => {
  buildFolder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-sqlite-counted-"));
  build = path.join(buildFolder, "better_sqlite3.node");
  // A copy is a module of its own: its set-up is this test's, whatever opened a database before.
  fs.copyFileSync(defaultBuild, build);
  initializeCounted(require(build));
});
afterAll(() => fs.rmSync(buildFolder, { recursive: true, force: true }));

const tempDir = useTempDirs();

describe("SqliteStore's reads", () => {
  it("are compiled once: read again with other values, no statement is compiled again", async () => {
    const store = new SqliteStore(path.join(tempDir(), "alpine.db"), { nativeBinding: build });
    try {
      const ids = Array.from({ length: 6 }, (_, i) => `conversation-${i}`);
      ids.forEach((id, i) => store.write(id, entriesUpTo(3, `harbour ${i}`), makeSnapshot(id, { entryCount: 3, updatedAt: isoAt(10 + i) }), { create: true }));
      const readAll = async (turn: number) => {
        const id = ids[turn % ids.length];
        await store.readHead(id);
        store.read(id);
        store.readSeqRange(id, turn % 2, 3);
        store.list({ limit: 3 + turn, offset: turn });
        store.list({ limit: 2 + turn, includeRetained: turn % 2 === 0 });
        store.listConversations({ limit: 3 + turn, offset: turn });
        store.listBranches(id);
        store.unfinished(2 + turn);
        store.searchPage("harbour", { limit: 2 + turn, offset: turn });
      };
      // The first search makes its temporary tables, a change of the schema after which SQLite compiles every statement once more.
      await readAll(0);
      await readAll(1);
      const compiledOnce = rowMakers.length;
      expect(compiledOnce).toBeGreaterThan(0);
      for (let turn = 2; turn < 6; turn++) await readAll(turn);
      // Each row maker built again names the read that was compiled again.
      expect(rowMakers.slice(compiledOnce)).toEqual([]);
    } finally {
      store.close();
    }
  });
});
