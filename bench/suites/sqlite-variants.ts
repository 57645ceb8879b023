/**
 * Why SqliteStore's save costs what it does: the same save transaction (SqliteStore's own
 * statements) on the schema as shipped and on variants with one part taken out, in one run.
 * The difference between two rows is what that part costs per save and per byte stored.
 * A conversation is grown turn by turn (a message, then a reply), one save per entry.
 */
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import type { Migration } from "../../src/main/agent/sqlite/migrations";
import { MIGRATIONS } from "../../src/main/agent/sqlite/migrations";
import { initialSchema } from "../../src/main/agent/sqlite/migrations/001-initial";
import { searchSchema } from "../../src/main/agent/sqlite/migrations/002-search";
import { openDatabase, type Synchronous } from "../../src/main/agent/sqlite/open-database";
import { STORE_SQL } from "../../src/main/agent/sqlite/statements";
import type { BenchConfig } from "../config";
import { entries, rawTextBytes, snapshotOf } from "../lib/conversation";
import { writtenBytes } from "../lib/io";
import type { Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeOnce } from "../lib/timing";
import { checkpointSqlite, sqliteFilesSize } from "../subjects/store-handle";

/** The search migration with its SQL changed by `edit` (run through a db whose exec edits). */
function editedSearch(edit: (sql: string) => string): Migration {
  return {
    ...searchSchema,
    up(db) {
      const editing = new Proxy(db, {
        get(target, key) {
          if (key === "exec") return (sql: string) => target.exec(edit(sql));
          const value = Reflect.get(target, key, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      searchSchema.up(editing);
    },
  };
}

interface Variant {
  key: string;
  label: string;
  migrations: readonly Migration[];
  synchronous: Synchronous;
}

const VARIANTS: Variant[] = [
  { key: "shipped", label: "as shipped (search index with prefixes '2 3', FULL)", migrations: MIGRATIONS, synchronous: "FULL" },
  {
    key: "noPrefix",
    label: "search index without prefix indexes",
    migrations: [initialSchema, editedSearch((sql) => sql.replace(/,\s*prefix = '[^']*'/g, ""))],
    synchronous: "FULL",
  },
  { key: "noSearch", label: "no search index (schema 1)", migrations: [initialSchema], synchronous: "FULL" },
  { key: "normal", label: "as shipped, synchronous=NORMAL", migrations: MIGRATIONS, synchronous: "NORMAL" },
];

/** SqliteStore's save transaction: new entries, the conversation's row, the snapshot. */
function saveTransaction(db: BetterSqlite3.Database) {
  const insertEntry = db.prepare(STORE_SQL.insertEntry);
  const upsertConversation = db.prepare(STORE_SQL.upsertConversation);
  const putSnapshot = db.prepare(STORE_SQL.putSnapshot);
  const exists = db.prepare(STORE_SQL.conversationExists);
  return db.transaction((id: string, records: ReturnType<typeof entries>, snapshot: ReturnType<typeof snapshotOf>) => {
    exists.get(id);
    let added = 0;
    for (const entry of records) added += insertEntry.run(id, entry.seq, entry.kind, JSON.stringify(entry)).changes;
    const { task, title, createdAt, updatedAt, stoppedBy } = snapshot;
    upsertConversation.run({ id, task, title, createdAt, updatedAt, stoppedBy, added });
    putSnapshot.run(id, JSON.stringify(snapshot));
  });
}

export async function runSqliteVariants(report: Report, config: BenchConfig): Promise<void> {
  const steps = config.storageTurns * 2;
  const section = report.section(`Why a SqliteStore save costs what it does: ${steps} saves of one entry each, schema variants`, [
    "variant",
    "median ms",
    "p99 ms",
    "written B/save",
    "stored / raw text",
  ]);
  for (const variant of VARIANTS) {
    await withTempFolder(async (folder) => {
      const file = path.join(folder, "variant.db");
      const { db } = openDatabase(file, { synchronous: variant.synchronous, busyTimeoutMs: 5000, integrityCheck: false, migrations: variant.migrations });
      try {
        const save = saveTransaction(db);
        const id = "variant";
        const text = new TextSource(31);
        const all = entries(0, steps + 1, text, config.entryChars);
        save.immediate(id, all.slice(0, 1), snapshotOf(id, all[0].text, 1));
        const samples: number[] = [];
        const writtenBefore = writtenBytes();
        for (let seq = 1; seq <= steps; seq++) {
          samples.push(await timeOnce(() => save.immediate(id, [all[seq]], snapshotOf(id, all[0].text, seq + 1))));
        }
        const writtenAfter = writtenBytes();
        db.close();
        checkpointSqlite(file);
        const ratio = sqliteFilesSize(file) / rawTextBytes(all);
        const { medianMs, p99Ms } = summarise(samples.slice(config.saveWarmup));
        const written = writtenBefore === null || writtenAfter === null ? null : (writtenAfter - writtenBefore) / steps;
        report.set(`why.sqlite.${variant.key}.medianMs`, medianMs);
        report.set(`why.sqlite.${variant.key}.p99Ms`, p99Ms);
        if (written !== null) report.set(`why.sqlite.${variant.key}.writtenBytesPerSave`, written);
        report.set(`why.sqlite.${variant.key}.storedVsRaw`, ratio);
        section.rows.push([variant.label, medianMs, p99Ms, written === null ? null : Math.round(written), ratio]);
      } finally {
        if (db.open) db.close();
      }
    });
  }
  section.notes.push("Each row runs SqliteStore's own save statements on a fresh database opened by SqliteStore's own open code; only the schema or synchronous differs.");
}
