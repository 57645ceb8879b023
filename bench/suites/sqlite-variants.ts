/**
 * Why SqliteStore's save costs what it does: the real SqliteStore, saving one entry at a
 * time (a message, then a reply), on its database as shipped and on copies with one part
 * taken out, in one run. The difference between two rows is what that part costs per save
 * and per byte stored. Parts are taken out through a second connection after SqliteStore
 * created its schema, so the store's own code and statements run unchanged.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { SqliteStore, type SqliteStoreOptions } from "../../src/main/agent/sqlite-store";
import type { BenchConfig } from "../config";
import { entries, rawTextBytes, snapshotOf } from "../lib/conversation";
import { writtenBytes } from "../lib/io";
import type { Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeOnce } from "../lib/timing";
import { checkpointSqlite, sqliteFilesSize } from "../subjects/store-handle";

interface Variant {
  key: string;
  label: string;
  options: SqliteStoreOptions;
  /** Changes the schema SqliteStore created (through another connection). */
  alter?(db: Database.Database): void;
}

/** Full-text tables are recreated from their own definition, minus `prefix = '...'`. */
function dropPrefixIndexes(db: Database.Database): void {
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5%'").all() as { name: string; sql: string }[];
  for (const { name, sql } of tables) {
    const without = sql.replace(/,\s*prefix\s*=\s*'[^']*'/i, "");
    if (without === sql) continue;
    db.exec(`DROP TABLE "${name}"; ${without};`);
  }
}

/** The triggers that copy text into the full-text tables: without them nothing is indexed. */
function dropSearchTriggers(db: Database.Database): void {
  const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { name: string; sql: string }[];
  for (const { name, sql } of triggers) if (/fts|_search/i.test(sql)) db.exec(`DROP TRIGGER "${name}"`);
}

const VARIANTS: Variant[] = [
  { key: "shipped", label: "as shipped (synchronous=FULL)", options: {} },
  { key: "noPrefix", label: "search index without its prefix indexes", options: {}, alter: dropPrefixIndexes },
  { key: "noSearch", label: "no search index (its triggers dropped)", options: {}, alter: dropSearchTriggers },
  { key: "normal", label: "as shipped, synchronous=NORMAL", options: { synchronous: "NORMAL" } },
];

export async function runSqliteVariants(report: Report, config: BenchConfig): Promise<void> {
  const steps = config.storageTurns * 2;
  const section = report.section(`Why a SqliteStore save costs what it does: ${steps} saves of one entry each, the same store on altered schemas`, [
    "variant",
    "median ms",
    "p99 ms",
    "written B/save",
    "stored / raw text",
  ]);
  for (const variant of VARIANTS) {
    await withTempFolder(async (folder) => {
      const file = path.join(folder, "variant.db");
      new SqliteStore(file).close();
      if (variant.alter) {
        const db = new Database(file);
        try {
          variant.alter(db);
        } finally {
          db.close();
        }
      }
      const store = new SqliteStore(file, variant.options);
      try {
        const id = "variant";
        const all = entries(0, steps + 1, new TextSource(31), config.entryChars);
        store.write(id, all.slice(0, 1), snapshotOf(id, all[0].text, 1), { create: true });
        const samples: number[] = [];
        const writtenBefore = writtenBytes();
        for (let seq = 1; seq <= steps; seq++) {
          samples.push(await timeOnce(() => store.write(id, [all[seq]], snapshotOf(id, all[0].text, seq + 1), { create: false })));
        }
        const writtenAfter = writtenBytes();
        store.close();
        checkpointSqlite(file);
        const ratio = sqliteFilesSize(file) / rawTextBytes(all);
        const { medianMs, p99Ms } = summarise(samples.slice(Math.min(config.saveWarmup, steps - 1)));
        const written = writtenBefore === null || writtenAfter === null ? null : (writtenAfter - writtenBefore) / steps;
        report.set(`why.sqlite.${variant.key}.medianMs`, medianMs);
        report.set(`why.sqlite.${variant.key}.p99Ms`, p99Ms);
        if (written !== null) report.set(`why.sqlite.${variant.key}.writtenBytesPerSave`, written);
        report.set(`why.sqlite.${variant.key}.storedVsRaw`, ratio);
        section.rows.push([variant.label, medianMs, p99Ms, written === null ? null : Math.round(written), ratio]);
      } finally {
        store.close();
      }
    });
  }
  section.notes.push("Each row is the real SqliteStore.write; only the schema (changed through a second connection) or the synchronous option differs.");
}
