/**
 * Where a PostgreSQL schema's bytes go, as the server leaves them (no VACUUM asked for):
 * each table's heap, its TOAST table (and the TOAST index) and each of its indexes, from
 * pg_relation_size; their sum per table is pg_total_relation_size. Sequences (an identity
 * column's) count too: they are files of the schema like the tables.
 */
import type pg from "pg";

export interface RelationBytes {
  /** "table", "table (TOAST)", "table: index". */
  part: string;
  bytes: number;
}

export interface SchemaBytes {
  total: number;
  parts: RelationBytes[];
}

export async function schemaBytes(client: pg.Client, schema: string): Promise<SchemaBytes> {
  const tables = await client.query(
    `SELECT c.oid, c.relname, pg_total_relation_size(c.oid)::bigint AS total, pg_relation_size(c.oid)::bigint AS heap,
       coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::bigint AS toast
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'm', 'S') ORDER BY c.relname`,
    [schema],
  );
  const parts: RelationBytes[] = [];
  let total = 0;
  for (const table of tables.rows as { oid: number; relname: string; total: string; heap: string; toast: string }[]) {
    total += Number(table.total);
    parts.push({ part: table.relname, bytes: Number(table.heap) });
    if (Number(table.toast) > 0) parts.push({ part: `${table.relname} (TOAST)`, bytes: Number(table.toast) });
    const indexes = await client.query(
      `SELECT i.relname, pg_relation_size(i.oid)::bigint AS bytes FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = $1 ORDER BY i.relname`,
      [table.oid],
    );
    for (const index of indexes.rows as { relname: string; bytes: string }[]) {
      parts.push({ part: `${table.relname}: ${index.relname}`, bytes: Number(index.bytes) });
    }
  }
  return { total, parts };
}
