/**
 * Why SqliteStore's save costs what it does: the real SqliteStore, saving one entry at a
 * time (a message, then a reply), on its database as shipped and on copies with one part
 * taken out, in one run. The difference between two rows is what that part costs per save
 * and per byte stored. Parts are taken out through a second connection after SqliteStore
 * created its schema, so the store's own code and statements run unchanged.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { SqliteStore, type SqliteStoreOptions } from "../../src/main/agent/stores/sqlite/sqlite-store";
import type { BenchConfig } from "../config";
import { sizeRange } from "../config";
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
  { key: "noSearch", label: "no search index (its triggers dropped; the search column is still filled)", options: {}, alter: dropSearchTriggers },
  { key: "normal", label: "as shipped, synchronous=NORMAL", options: { synchronous: "NORMAL" } },
];

interface VariantRun {
  medianMs: number;
  p99Ms: number;
  writtenPerSave: number | null;
  storedPerSave: number;
  storedVsRaw: number;
}

/** A conversation grown to `length` entries in one write, then `steps` saves of one entry each. */
async function measureVariant(variant: Variant, length: number, steps: number, config: BenchConfig): Promise<VariantRun> {
  return withTempFolder(async (folder) => {
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
      const all = entries(0, length + steps, new TextSource(31), config.entryChars);
      store.write(id, all.slice(0, length), snapshotOf(id, all[0].text, length), { create: true });
      const storedBefore = (checkpointSqlite(file), sqliteFilesSize(file));
      const samples: number[] = [];
      const writtenBefore = writtenBytes();
      for (let seq = length; seq < length + steps; seq++) {
        samples.push(await timeOnce(() => store.write(id, [all[seq]], snapshotOf(id, all[0].text, seq + 1), { create: false })));
      }
      const writtenAfter = writtenBytes();
      store.close();
      checkpointSqlite(file);
      const stored = sqliteFilesSize(file);
      const { medianMs, p99Ms } = summarise(samples.slice(Math.min(config.saveWarmup, steps - 1)));
      return {
        medianMs,
        p99Ms,
        writtenPerSave: writtenBefore === null || writtenAfter === null ? null : (writtenAfter - writtenBefore) / steps,
        storedPerSave: (stored - storedBefore) / steps,
        storedVsRaw: stored / rawTextBytes(all),
      };
    } finally {
      store.close();
    }
  });
}

export async function runSqliteVariants(report: Report, config: BenchConfig): Promise<void> {
  const { smallest, largest } = sizeRange(config);
  const steps = config.saveSteps;
  const section = report.section(`Why a SqliteStore save costs what it does: ${steps} one-entry saves, the same store on altered schemas`, [
    "variant",
    "entries",
    "median ms",
    "p99 ms",
    "written B/save",
    "stored B/save",
    "stored / raw text",
  ]);
  for (const variant of VARIANTS) {
    for (const length of [smallest, largest]) {
      const run = await measureVariant(variant, length, steps, config);
      const prefix = `why.sqlite.${variant.key}.${length}`;
      report.set(`${prefix}.medianMs`, run.medianMs);
      report.set(`${prefix}.p99Ms`, run.p99Ms);
      if (run.writtenPerSave !== null) report.set(`${prefix}.writtenBytesPerSave`, run.writtenPerSave);
      report.set(`${prefix}.storedBytesPerSave`, run.storedPerSave);
      report.set(`${prefix}.storedVsRaw`, run.storedVsRaw);
      section.rows.push([
        variant.label,
        length,
        run.medianMs,
        run.p99Ms,
        run.writtenPerSave === null ? null : Math.round(run.writtenPerSave),
        Math.round(run.storedPerSave),
        run.storedVsRaw,
      ]);
    }
  }
  section.notes.push("Each row is the real SqliteStore.write; only the schema (changed through a second connection) or the synchronous option differs.");
  section.notes.push("The conversation is written in one save of all its entries first, then grown one entry per save; stored / raw text is the whole file at the end.");
}
