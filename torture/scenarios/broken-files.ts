/**
 * Broken files: a store holding three conversations (A, B, C) is copied, one file of the
 * copy is broken (cut short, emptied, overwritten with noise, removed, a write-ahead log
 * left without its database, a row garbled), and the copy is opened again. Each time:
 * - what cannot be read fails with a clear error naming the broken file (or the database
 *   and the State), never a crash or a bare TypeError;
 * - a refused file is left byte for byte as it was;
 * - when one conversation is broken, the others still load unchanged and list() works;
 * - damage is named, never hidden (rows and lines carry checksums): a conversation either
 *   loads exactly as saved or fails with an error naming the file (or the database and it),
 *   never as "not saved"; in SQLite, list() shows no id that was never saved unless the row is
 *   marked damaged, and leaves no conversation out unless some row is marked damaged.
 */
import Database from "better-sqlite3";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SavedStateInfo, Store } from "../../src/main/agent";
import { folderNameOf } from "../../src/main/agent/stores/file/file-store";
import { canonicalJson } from "../canonical-json";
import { driveConversation } from "../drive";
import { fingerprint, garbleFile, truncateFile } from "../corrupt";
import { openSession } from "../session";
import { closeStore, openStore, storeLocation } from "../stores";
import type { StoreKind, Tally } from "../tally";
import { stateIdOf, type RunContext } from "./run-context";

interface Pristine {
  /** The store's location (database file or folder) of the untouched copy. */
  location: string;
  ids: [string, string, string];
  /** Each conversation's history and snapshot as loaded before anything broke. */
  loaded: Map<string, string>;
  /** A write-ahead log holding the conversations' pages, taken while the database was open (sqlite). */
  hotWal: string | null;
}

interface Case {
  name: string;
  /** Break the copy; returns the file (or folder) the error must name. */
  breakIt(location: string, ctx: RunContext, pristine: Pristine): string;
  /** The whole store is refused (one database file), rather than one conversation. */
  wholeStore: boolean;
  /** The damage may land where nothing checks it (noise inside a text): loading may then succeed. */
  mayGoUnnoticed?: boolean;
}

const folderOf = (kind: StoreKind, location: string, id: string) => (kind === "sqlite" ? location : join(location, folderNameOf(id)));

function rawDb(location: string, work: (db: Database.Database) => void): void {
  const db = new Database(location);
  try {
    work(db);
  } finally {
    db.close();
  }
}

/**
 * Noise inside one entry's JSON, as a bad sector leaves it: a byte of the stored row
 * overwritten in the file itself (SQL cannot write malformed JSON past the search index).
 * The rows are found by a tool call id, which only that conversation has; the opening
 * quote of the id becomes a control byte, so the JSON no longer parses.
 */
function garbleRowBytes(file: string, pristine: Pristine): void {
  const record = JSON.parse(pristine.loaded.get(pristine.ids[1])!) as { entries: { content?: { id?: string }[] }[] };
  const callId = record.entries.flatMap((e) => e.content ?? []).find((b) => b.id)?.id;
  if (!callId) throw new Error("the conversation has no tool call to find its row by");
  const bytes = readFileSync(file);
  const needle = Buffer.from(`"${callId}"`, "utf8");
  let found = 0;
  // Every copy (a page split can leave a stale one in a free page): the live row is among them.
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1), found++) bytes[at] = 0x01;
  if (found === 0) throw new Error(`the row with call ${callId} is not in the database file`);
  writeFileSync(file, bytes);
}

const SQLITE_CASES: Case[] = [
  { name: "database truncated", wholeStore: true, breakIt: (db, ctx) => (truncateFile(db, ctx.prng.int(1, statSync(db).size - 1)), db) },
  { name: "database header garbled", wholeStore: true, breakIt: (db, ctx) => (garbleFile(db, ctx.prng, 8, 0, 16), db) },
  {
    name: "database pages garbled",
    wholeStore: true,
    mayGoUnnoticed: true,
    breakIt: (db, ctx) => (garbleFile(db, ctx.prng, 64, 4096, statSync(db).size), db),
  },
  {
    name: "write-ahead log without its database",
    wholeStore: true,
    breakIt: (db, _ctx, pristine) => {
      rmSync(db, { force: true });
      copyFileSync(pristine.hotWal!, `${db}-wal`);
      return db;
    },
  },
  {
    name: "one conversation's entry garbled",
    wholeStore: false,
    breakIt: (db, _ctx, pristine) => (garbleRowBytes(db, pristine), db),
  },
  {
    name: "one conversation's entry of the wrong shape",
    wholeStore: false,
    breakIt: (db, _ctx, { ids }) => (rawDb(db, (d) => d.prepare(`UPDATE entries SET body = '{"seq": 1, "what": "not an entry"}' WHERE id = ((SELECT num FROM conversations WHERE id = ?) << 32) + 1`).run(ids[1])), db),
  },
  {
    name: "one conversation's snapshot missing",
    wholeStore: false,
    breakIt: (db, _ctx, { ids }) => (rawDb(db, (d) => d.prepare("DELETE FROM snapshots WHERE state_id = ?").run(ids[1])), db),
  },
  {
    name: "one conversation's snapshot from a newer version",
    wholeStore: false,
    breakIt: (db, _ctx, { ids }) => (rawDb(db, (d) => d.prepare("UPDATE snapshots SET body = json_set(body, '$.version', 99) WHERE state_id = ?").run(ids[1])), db),
  },
];

const FILE_CASES: Case[] = [
  { name: "entries emptied", wholeStore: false, breakIt: (f, _c, p) => breakFile(f, p, "entries.jsonl", (file) => truncateFile(file, 0)) },
  {
    name: "entries cut short",
    wholeStore: false,
    mayGoUnnoticed: true, // a cut after the snapshot's last entry only drops a torn line
    breakIt: (f, c, p) => breakFile(f, p, "entries.jsonl", (file) => truncateFile(file, c.prng.int(1, statSync(file).size - 1))),
  },
  {
    name: "entries garbled",
    wholeStore: false,
    mayGoUnnoticed: true,
    breakIt: (f, c, p) => breakFile(f, p, "entries.jsonl", (file) => garbleFile(file, c.prng, 6)),
  },
  { name: "snapshot emptied", wholeStore: false, breakIt: (f, _c, p) => breakFile(f, p, "snapshot.json", (file) => truncateFile(file, 0)) },
  {
    name: "snapshot cut short",
    wholeStore: false,
    breakIt: (f, c, p) => breakFile(f, p, "snapshot.json", (file) => truncateFile(file, c.prng.int(1, statSync(file).size - 1))),
  },
  {
    name: "snapshot garbled",
    wholeStore: false,
    mayGoUnnoticed: true,
    breakIt: (f, c, p) => breakFile(f, p, "snapshot.json", (file) => garbleFile(file, c.prng, 6)),
  },
  { name: "snapshot missing", wholeStore: false, breakIt: (f, _c, p) => breakFile(f, p, "snapshot.json", (file) => rmSync(file)) },
  {
    name: "list index garbled",
    wholeStore: false,
    mayGoUnnoticed: true, // only list() reads it; a line it cannot read is skipped, and the first list() adds the States it lacks
    breakIt: (f, c) => {
      const index = join(f, "index.jsonl");
      garbleFile(index, c.prng, 12);
      return index;
    },
  },
  {
    name: "conversation folder replaced by a file",
    wholeStore: false,
    breakIt: (folder, _c, { ids }) => {
      const target = folderOf("file", folder, ids[1]);
      rmSync(target, { recursive: true });
      writeFileSync(target, "not a folder");
      return target;
    },
  },
];

function breakFile(folder: string, pristine: Pristine, name: string, damage: (file: string) => void): string {
  const file = join(folderOf("file", folder, pristine.ids[1]), name);
  damage(file);
  return file;
}

async function buildPristine(ctx: RunContext): Promise<Pristine> {
  const folder = join(ctx.scratch, "pristine");
  mkdirSync(folder, { recursive: true });
  const location = storeLocation(ctx.kind, folder);
  const base = stateIdOf(ctx).slice(0, 100);
  const ids: [string, string, string] = [`${base}-A`, `${base}-B`, `${base}-C`];
  const store = openStore(ctx.kind, location);
  let hotWal: string | null = null;
  try {
    for (const stateId of ids) {
      // The log then holds only the last conversation's pages, as a log usually does.
      if (ctx.kind === "sqlite" && stateId === ids[2]) rawDb(location, (d) => d.pragma("wal_checkpoint(TRUNCATE)"));
      const session = openSession({ ...ctx, rounds: 1, turns: 1, store, stateId });
      await driveConversation(session.agent, session.state, { rounds: 1, turns: 1, maxAttempts: 10, busyRetryMs: 5_000 });
    }
    if (ctx.kind === "sqlite") {
      // Taken while the store is open: a log that was not folded into the database yet.
      hotWal = join(ctx.scratch, "hot.db-wal");
      copyFileSync(`${location}-wal`, hotWal);
    }
  } finally {
    closeStore(store);
  }
  const loaded = new Map<string, string>();
  const reader = openStore(ctx.kind, location);
  try {
    for (const id of ids) loaded.set(id, canonicalJson(await reader.read(id)));
  } finally {
    closeStore(reader);
  }
  return { location, ids, loaded, hotWal };
}

/** What list() shows of a damaged database: no garbage id unmarked, no conversation left out unmarked. */
function checkListing(listed: SavedStateInfo[], pristine: Pristine, fail: (what: string) => void): void {
  const saved = new Set<string>(pristine.ids);
  for (const row of listed) {
    if (!saved.has(row.id) && !row.damaged) fail(`list() shows an id that was never saved, not marked damaged: ${JSON.stringify(row.id)}`);
  }
  if (listed.some((row) => row.damaged)) return;
  for (const id of pristine.ids) {
    if (!listed.some((row) => row.id === id)) fail(`${id} vanished from list() with no row marked damaged`);
  }
}

/** A clear error: one of ours, or any Error whose message names the broken path. */
function unclear(error: unknown, named: string): string | null {
  if (!(error instanceof Error)) return `a thrown non-error ${String(error)}`;
  if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) return `a bare ${error.name}: ${error.message}`;
  if (!error.message.includes(named)) return `${error.name} that does not name ${named}: ${error.message.split("\n")[0]}`;
  return null;
}

async function tryCase(ctx: RunContext, pristine: Pristine, kase: Case, index: number, tally: Partial<Tally> & { failures: string[] }): Promise<void> {
  const fail = (what: string) => tally.failures.push(`${ctx.label} (${kase.name}): ${what}`);
  const folder = join(ctx.scratch, `case-${index}`);
  mkdirSync(folder, { recursive: true });
  const location = storeLocation(ctx.kind, folder);
  if (ctx.kind === "sqlite") copyFileSync(pristine.location, location);
  else cpSync(pristine.location, location, { recursive: true });
  const named = kase.breakIt(location, ctx, pristine);
  const before = fingerprint(named);
  tally.faults = (tally.faults ?? 0) + 1;

  let store: Store | null = null;
  try {
    store = openStore(ctx.kind, location);
  } catch (error) {
    const problem = unclear(error, named);
    if (!kase.wholeStore) fail(`opening the store failed for one broken conversation: ${String(error).split("\n")[0]}`);
    else if (problem) fail(`opening gave ${problem}`);
    if (fingerprint(named) !== before) fail(`the refused file ${named} was changed`);
    return;
  }
  try {
    if (kase.wholeStore && !kase.mayGoUnnoticed) {
      fail("the broken database was opened without an error");
      return;
    }
    try {
      const listed = await store.list();
      if (ctx.kind === "sqlite") checkListing(listed, pristine, fail);
    } catch (error) {
      // Garbled pages of the whole database may hold the list itself: then a clear error is right.
      const problem = unclear(error, ctx.kind === "sqlite" ? location : named);
      if (!kase.wholeStore || problem) fail(`list() failed: ${problem ?? String(error).split("\n")[0]}`);
    }
    for (const [i, id] of pristine.ids.entries()) {
      const broken = i === 1 || kase.wholeStore;
      try {
        const record = await store.read(id);
        await store.load(id);
        if (!broken && canonicalJson(record) !== pristine.loaded.get(id)) fail(`the untouched conversation ${id} changed`);
        // Rows and lines carry checksums: what loads without an error is exactly what was saved
        // (the damage missed what was read, or was recovered, e.g. a snapshot cut only of its last newline).
        if (broken && canonicalJson(record) !== pristine.loaded.get(id)) fail(`the broken conversation ${id} loaded changed, with no word of damage`);
      } catch (error) {
        if (!broken) fail(`the untouched conversation ${id} does not load: ${String(error).split("\n")[0]}`);
        else {
          const problem = unclear(error, ctx.kind === "sqlite" ? location : named);
          const namesState = error instanceof Error && error.message.includes(id) && error.message.includes(location);
          if (problem && !namesState) fail(`loading the broken conversation gave ${problem}`);
        }
      }
    }
    // The person can still remove a broken conversation, and the others stay.
    if (!kase.wholeStore) {
      try {
        await store.delete(pristine.ids[1]);
        if (await store.read(pristine.ids[1])) fail("the broken conversation is still there after delete()");
        for (const id of [pristine.ids[0], pristine.ids[2]]) {
          if (canonicalJson(await store.read(id)) !== pristine.loaded.get(id)) fail(`deleting the broken conversation changed ${id}`);
        }
      } catch (error) {
        fail(`the broken conversation cannot be deleted: ${String(error).split("\n")[0]}`);
      }
      return;
    }
  } finally {
    closeStore(store);
  }
  if (!existsSync(named) && before !== "(missing)") fail(`the broken file ${named} was removed`);
  else if (fingerprint(named) !== before && !(ctx.kind === "sqlite" && !kase.wholeStore)) fail(`the broken file ${named} was changed by reading it`);
}

export async function brokenFilesRun(ctx: RunContext): Promise<Partial<Tally>> {
  const tally: Partial<Tally> & { failures: string[] } = { runs: 1, faults: 0, crashes: 0, failures: [] };
  let pristine: Pristine;
  try {
    pristine = await buildPristine(ctx);
  } catch (error) {
    tally.crashes = 1;
    tally.failures.push(`${ctx.label}: building the conversations failed: ${String(error)}`);
    return tally;
  }
  const cases = ctx.kind === "sqlite" ? SQLITE_CASES : FILE_CASES;
  for (const [i, kase] of cases.entries()) {
    try {
      await tryCase(ctx, pristine, kase, i, tally);
    } catch (error) {
      tally.crashes! += 1;
      tally.failures.push(`${ctx.label} (${kase.name}): the case itself threw ${String(error)}`);
    }
  }
  return tally;
}
