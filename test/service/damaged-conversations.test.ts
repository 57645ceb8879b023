/**
 * Damage in the app: a conversation whose rows fail their checks is listed as damaged (never
 * missing), its readable entries can be exported and it can be restored from the latest
 * backup copy; after an unclean shutdown the database is checked in the background and the
 * result reported (an app event and `database:health`).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/main/agent";
import { RUNNING_MARKER } from "../../src/main/service/damage/database-health";
import type { ConversationSummary } from "../../src/shared/view-types";
import { entriesUpTo, isoAt, makeSnapshot } from "../store/records";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

const folders: string[] = [];
const fixtures: ServiceFixture[] = [];
afterEach(async () => {
  for (const fixture of fixtures.splice(0)) await fixture.close();
  for (const folder of folders.splice(0)) removeDir(folder);
});

const GARBLED = "br\u0001vo";

function raw(file: string, work: (db: Database.Database) => void): void {
  const db = new Database(file);
  try {
    db.pragma("foreign_keys = OFF"); // a garbled page breaks no constraint on its way
    work(db);
  } finally {
    db.close();
  }
}

/** Three conversations, a backup copy of them, then bravo's id and one of its entries garbled on disk. */
function damagedDataFolder(withBackup = true): string {
  const folder = makeTempDir();
  folders.push(folder);
  const file = path.join(folder, "alpine.db");
  const store = new SqliteStore(file);
  for (const [i, id] of ["alpha", "bravo", "charlie"].entries()) {
    store.write(id, entriesUpTo(4, id), makeSnapshot(id, { entryCount: 4, updatedAt: isoAt(i) }), { create: true });
  }
  store.close();
  if (withBackup) raw(file, (db) => db.prepare("VACUUM INTO ?").run(path.join(folder, "alpine.db.backup-v6-2026-12-01T10-00-00-000Z")));
  raw(file, (db) => {
    db.prepare("UPDATE entries SET body = json_set(body, '$.text', 'noise') WHERE id = ((SELECT num FROM conversations WHERE id = 'bravo') << 32) + 2").run();
    db.prepare("UPDATE conversations SET id = ? WHERE id = 'bravo'").run(GARBLED);
  });
  return folder;
}

async function open(dataFolder: string, delayMs = 0): Promise<ServiceFixture> {
  const fixture = await openService({ dataFolder, service: { databaseCheckDelayMs: delayMs, startMcpServers: false } });
  fixtures.push(fixture);
  return fixture;
}

describe("a damaged conversation in the app", () => {
  it("is listed as damaged, never missing; the others are listed as they were", async () => {
    const app = await open(damagedDataFolder());
    const { items, total } = await app.call<{ items: ConversationSummary[]; total: number }>("conversations:list", { offset: 0, limit: 50 });
    expect(total).toBe(3);
    expect(items.map((item) => [item.id, Boolean(item.damaged)])).toEqual([
      ["charlie", false],
      [GARBLED, true],
      ["alpha", false],
    ]);
    expect(items[1].damaged).toMatch(/checksum/);
  });

  it("exports what is still readable, as Markdown and as JSON, naming what was left out", async () => {
    const app = await open(damagedDataFolder());
    const markdown = await app.call("damaged:exportReadable", { listedId: GARBLED, format: "markdown" });
    expect(markdown).toMatchObject({ entries: 3, skipped: 1 });
    expect(path.dirname(markdown.path)).toBe(path.join(app.dataFolder, "exports"));
    const text = fs.readFileSync(markdown.path, "utf8");
    expect(text).toContain("3 entries could be read, 1 were left out (seq 2)");
    expect(text).not.toContain("noise");
    const json = await app.call("damaged:exportReadable", { listedId: GARBLED, format: "json" });
    const parsed = JSON.parse(fs.readFileSync(json.path, "utf8"));
    expect(parsed.entries.map((e: { seq: number }) => e.seq)).toEqual([0, 1, 3]);
    expect(parsed.skipped).toEqual([2]);
  });

  it("is restored from the latest backup copy: listed again under its id, loads whole, the copy untouched", async () => {
    const folder = damagedDataFolder();
    const backup = path.join(folder, "alpine.db.backup-v6-2026-12-01T10-00-00-000Z");
    const before = fs.readFileSync(backup);
    const app = await open(folder);
    expect(await app.call("damaged:restore", { listedId: GARBLED })).toEqual({ id: "bravo", backup: path.basename(backup) });
    expect(fs.readFileSync(backup).equals(before)).toBe(true);
    await app.log.next((e) => e.type === "conversation_deleted" && e.id === GARBLED);
    await app.log.next((e) => e.type === "conversation_changed" && e.summary.id === "bravo");
    const { items } = await app.call<{ items: ConversationSummary[] }>("conversations:list", { offset: 0, limit: 50 });
    expect(items.map((item) => [item.id, Boolean(item.damaged)])).toEqual([
      ["charlie", false],
      ["bravo", false],
      ["alpha", false],
    ]);
    const view = await app.call("conversations:get", { id: "bravo" });
    expect(view.entries).toHaveLength(4);
    expect(view.loadError ?? null).toBeNull();
  });

  it("without a backup copy, restoring says so and changes nothing", async () => {
    const app = await open(damagedDataFolder(false));
    const result = await app.request("damaged:restore", { listedId: GARBLED });
    expect(result).toMatchObject({ ok: false, error: { name: "NoDatabaseBackupError" } });
    const { items } = await app.call<{ items: ConversationSummary[] }>("conversations:list", { offset: 0, limit: 50 });
    expect(items.filter((item) => item.damaged).map((item) => item.id)).toEqual([GARBLED]);
  });
});

describe("the database check after an unclean shutdown", () => {
  it("does not run after a clean shutdown; the marker is gone after one", async () => {
    const first = await open(damagedDataFolder(false));
    expect(fs.existsSync(path.join(first.dataFolder, RUNNING_MARKER))).toBe(true);
    await first.service.shutdown();
    expect(fs.existsSync(path.join(first.dataFolder, RUNNING_MARKER))).toBe(false);
    const second = first.reopen();
    fixtures.push(second);
    expect(await second.service.databaseChecked).toBeNull();
    expect(await second.call("database:health")).toEqual({ uncleanStart: false, check: null });
  });

  it("runs in the background after an unclean one and reports damaged pages: an app event and database:health", async () => {
    const folder = damagedDataFolder(false);
    const file = path.join(folder, "alpine.db");
    // A leaf page of the entries table overwritten with noise: opening and listing never read it.
    let page = 0;
    let pageSize = 0;
    raw(file, (db) => {
      page = (db.prepare("SELECT pageno FROM dbstat WHERE name = 'entries' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1").pluck().get() as number) ?? 0;
      pageSize = db.pragma("page_size", { simple: true }) as number;
    });
    expect(page).toBeGreaterThan(1);
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, (page - 1) * pageSize, (page - 1) * pageSize + 64);
    fs.writeFileSync(file, bytes);
    fs.writeFileSync(path.join(folder, RUNNING_MARKER), "12345\n"); // left by a run that was killed

    const app = await open(folder, 10);
    expect(app.service.health.uncleanStart).toBe(true);
    const event = await app.log.next((e) => e.type === "database_checked");
    if (event.type !== "database_checked") throw new Error("unexpected event");
    expect(event.check).toMatchObject({ file, ok: false });
    expect(event.check.problems.length).toBeGreaterThan(0);
    expect(await app.call("database:health")).toMatchObject({ uncleanStart: true, check: { ok: false, file } });
  });

  it("reports a sound database as sound after an unclean shutdown", async () => {
    const folder = damagedDataFolder(false);
    fs.writeFileSync(path.join(folder, RUNNING_MARKER), "12345\n");
    const app = await open(folder, 10);
    const check = await app.service.databaseChecked;
    expect(check).toMatchObject({ ok: true, problems: [] });
    expect(await app.call("database:health")).toMatchObject({ uncleanStart: true, check: { ok: true } });
  });
});
