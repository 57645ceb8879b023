/**
 * Where a SQLite database's bytes go, from SQLite's own page accounting (the dbstat table):
 * pages per table and index, grouped by what they hold, plus free pages. Read through a
 * second, read-only connection after the WAL was folded in.
 */
import Database from "better-sqlite3";

export interface Breakdown {
  /** Bytes of pages per group (entries, search index, snapshots, conversations, other, free). */
  groups: Record<string, number>;
  /** Of those, bytes no cell uses (page slack), per group. */
  unused: Record<string, number>;
  /** Bytes of the entries' JSON bodies, and of the message texts they hold. */
  entryJsonBytes: number;
  entryTextBytes: number;
  /** Assistant texts kept twice: once as `text`, once inside `content`. */
  duplicatedTextBytes: number;
  /** Text copied out of the JSON into a plain column for the search index (0 when there is none). */
  searchColumnBytes: number;
  totalBytes: number;
}

function groupOf(name: string): string {
  if (name === "entries" || name.startsWith("sqlite_autoindex_entries")) return "entries";
  if (name.startsWith("entry_search") || name.startsWith("conversation_search")) return "search index";
  if (name === "snapshots" || name.startsWith("sqlite_autoindex_snapshots")) return "snapshots";
  if (name === "conversations" || name.startsWith("sqlite_autoindex_conversations") || name === "conversations_by_updated") return "conversations";
  return "schema and other";
}

/** A generated (computed, not stored) search_text column takes no space. */
function isGenerated(db: Database.Database): boolean {
  const row = db.prepare("SELECT hidden FROM pragma_table_xinfo('entries') WHERE name = 'search_text'").get() as { hidden: number } | undefined;
  return row !== undefined && row.hidden !== 0;
}

export function sqliteBreakdown(file: string): Breakdown {
  const db = new Database(file, { readonly: true });
  try {
    const groups: Record<string, number> = {};
    const unused: Record<string, number> = {};
    const rows = db.prepare("SELECT name, sum(pgsize) AS bytes, sum(unused) AS unused FROM dbstat GROUP BY name").all() as { name: string; bytes: number; unused: number }[];
    for (const row of rows) {
      const group = groupOf(row.name);
      groups[group] = (groups[group] ?? 0) + row.bytes;
      unused[group] = (unused[group] ?? 0) + row.unused;
    }
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    groups["free pages"] = (db.pragma("freelist_count", { simple: true }) as number) * pageSize;
    unused["free pages"] = groups["free pages"];
    const text = db
      .prepare(
        `SELECT sum(length(CAST(body AS BLOB))) AS json,
                sum(length(CAST(coalesce(json_extract(body, '$.text'), json_extract(body, '$.content[0].text')) AS BLOB))) AS text,
                sum(CASE WHEN kind = 'assistant' AND json_extract(body, '$.text') IS NOT NULL
                    THEN length(CAST(json_extract(body, '$.content[0].text') AS BLOB)) ELSE 0 END) AS duplicated
         FROM entries`,
      )
      .get() as { json: number; text: number; duplicated: number };
    const columns = db.prepare("SELECT name FROM pragma_table_info('entries')").all() as { name: string }[];
    const stored = columns.some((c) => c.name === "search_text") && !isGenerated(db);
    const searchColumnBytes = stored ? ((db.prepare("SELECT sum(length(CAST(search_text AS BLOB))) AS n FROM entries").get() as { n: number | null }).n ?? 0) : 0;
    const totalBytes = (db.pragma("page_count", { simple: true }) as number) * pageSize;
    return { groups, unused, entryJsonBytes: text.json ?? 0, entryTextBytes: text.text ?? 0, duplicatedTextBytes: text.duplicated ?? 0, searchColumnBytes, totalBytes };
  } finally {
    db.close();
  }
}
