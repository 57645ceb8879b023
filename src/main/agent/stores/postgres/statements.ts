/**
 * The SQL of PostgresStore, for a schema `s` (a quoted identifier). A save is one statement,
 * so one round trip and one transaction: the lease check (fenced saves), the entries whose
 * (state, seq) is new (ON CONFLICT DO NOTHING), the conversation's row with the snapshot, and
 * its place in the list (conversations_order, from schema version 7: see migration 7).
 */
import { type Snapshot, conversationIdOf } from "../../state/snapshot";

export const INFO_COLUMNS = "id, task, title, created_at, updated_at, stopped_by, entry_count, conversation_id, parent_id, parent_seq, retained, shown_at";
/** The same columns of the conversations table named `c`. */
const INFO_OF_C = INFO_COLUMNS.split(", ").map((column) => `c.${column}`).join(", ");

/** $1 id, $2 seqs, $3 bodies, $4 words (NULL: derived from the body, see body-words.ts), $5..$16 the conversation's columns (see conversationValues), $18 its shown_at. */
const NEW_ENTRIES = (s: string, from: string) => `
  INSERT INTO ${s}.entries (state_key, seq, packed_body, words)
  SELECT ${from}.state_key, e.seq, e.body, CASE WHEN e.words IS NULL THEN NULL ELSE array_to_tsvector(string_to_array(e.words, ' ')) END
  FROM ${from}, unnest($2::int[], $3::text[], $4::text[]) AS e(seq, body, words)
  ON CONFLICT (state_key, seq) DO NOTHING
  RETURNING 1`;

/** The State's number in its entries' rows (schema version 7), from its id $1: NULL when there is no such State. */
export const KEY = (s: string) => `SELECT state_key FROM ${s}.conversations WHERE id = $1`;

export function statements(s: string) {
  return {
    create: `
      WITH created AS (
        INSERT INTO ${s}.conversations (id, task, title, created_at, updated_at, stopped_by, entry_count, snapshot, search,
          conversation_id, parent_id, parent_seq, retained, stored_entries, shown_at)
        VALUES ($1, $5, $6, $7, $8, $9, $10, $11, array_to_tsvector(string_to_array($12, ' ')), $13, $14, $15, $16, $17, $18::text)
        ON CONFLICT (id) DO NOTHING
        RETURNING id, state_key
      ), ordered AS (
        INSERT INTO ${s}.conversations_order (id, updated_at) SELECT id, $8 FROM created
      ), added AS (${NEW_ENTRIES(s, "created")})
      SELECT (SELECT count(*) FROM created)::int AS written`,
    // $17 is the lease token (NULL: not a run's save); a snapshot of NULL keeps the row's columns.
    update: `
      WITH held AS (
        SELECT token FROM ${s}.leases WHERE state_id = $1 FOR SHARE
      ), target AS (
        SELECT id, state_key FROM ${s}.conversations
        WHERE id = $1 AND ($17::text IS NULL OR $17::text = (SELECT token FROM held))
        FOR UPDATE
      ), added AS (${NEW_ENTRIES(s, "target")}
      ), changed AS (
        UPDATE ${s}.conversations c SET
          stored_entries = c.stored_entries + (SELECT count(*) FROM added),
          task = coalesce($5, c.task), title = coalesce($6, c.title), created_at = coalesce($7, c.created_at),
          updated_at = coalesce($8, c.updated_at),
          stopped_by = CASE WHEN $11::text IS NULL THEN c.stopped_by ELSE $9 END,
          entry_count = coalesce($10, c.entry_count), snapshot = coalesce($11, c.snapshot),
          search = CASE WHEN $11::text IS NULL THEN c.search ELSE array_to_tsvector(string_to_array($12, ' ')) END,
          conversation_id = coalesce($13, c.conversation_id),
          parent_id = CASE WHEN $11::text IS NULL THEN c.parent_id ELSE $14 END,
          parent_seq = CASE WHEN $11::text IS NULL THEN c.parent_seq ELSE $15::int END,
          retained = coalesce($16, c.retained),
          shown_at = CASE WHEN $11::text IS NULL THEN c.shown_at ELSE $18::text END
        FROM target WHERE c.id = target.id
        RETURNING 1
      ), reordered AS (
        UPDATE ${s}.conversations_order o SET updated_at = $8
        FROM target WHERE o.id = target.id AND $8::text IS NOT NULL AND o.updated_at IS DISTINCT FROM $8::text
      )
      SELECT (SELECT count(*) FROM changed)::int AS written,
        EXISTS (SELECT 1 FROM ${s}.conversations WHERE id = $1) AS found,
        (SELECT holder FROM ${s}.leases WHERE state_id = $1) AS holder`,
    // One statement, so one snapshot of the data: the conversation's snapshot as seq -1, then its entries.
    // No ORDER BY at all: the server would sort the whole history whenever it chose a bitmap scan (fresh
    // statistics or not), spilling megabytes to disk past work_mem before sending the first row. Rows come
    // in the order they were stored, which is seq order nearly always; the reader checks the order and sorts
    // the seqs only when it is not (see history-rows.ts).
    read: `
      SELECT -1 AS seq, snapshot AS body FROM ${s}.conversations WHERE id = $1
      UNION ALL
      SELECT seq, packed_body FROM ${s}.entries WHERE state_key = (${KEY(s)})`,
    // The same, with only the entries through a seq (a branch's inherited past).
    readRange: `
      SELECT -1 AS seq, snapshot AS body FROM ${s}.conversations WHERE id = $1
      UNION ALL
      SELECT seq, packed_body FROM ${s}.entries WHERE state_key = (${KEY(s)}) AND seq <= $2`,
    // Only the entries of seqs [$2, $3) (a page of a long conversation), after a row saying the State exists.
    readBetween: `
      SELECT -1 AS seq, '' AS body FROM ${s}.conversations WHERE id = $1
      UNION ALL
      SELECT seq, packed_body FROM ${s}.entries WHERE state_key = (${KEY(s)}) AND seq >= $2 AND seq < $3`,
    head: `SELECT snapshot, stored_entries FROM ${s}.conversations WHERE id = $1`,
    headForUpdate: `SELECT snapshot, stored_entries FROM ${s}.conversations WHERE id = $1 FOR UPDATE`,
    // The order's own index gives the newest first; each row of the page is then one look-up by id.
    list: `SELECT ${INFO_OF_C} FROM ${s}.conversations_order o JOIN ${s}.conversations c ON c.id = o.id
      WHERE ($3 OR NOT c.retained) ORDER BY o.updated_at DESC, o.id DESC LIMIT $1 OFFSET $2`,
    info: `SELECT ${INFO_COLUMNS} FROM ${s}.conversations WHERE id = $1`,
    count: `SELECT count(*)::int AS n FROM ${s}.conversations WHERE NOT retained`,
    snapshotForUpdate: `SELECT snapshot FROM ${s}.conversations WHERE id = $1 FOR UPDATE`,
    rename: `UPDATE ${s}.conversations SET title = $2, snapshot = $3, search = array_to_tsvector(string_to_array($4, ' ')) WHERE id = $1
      RETURNING ${INFO_COLUMNS}`,
    deleteEntries: `DELETE FROM ${s}.entries WHERE state_key = (${KEY(s)})`,
    deleteConversation: `DELETE FROM ${s}.conversations WHERE id = $1`,
    deleteLease: `DELETE FROM ${s}.leases WHERE state_id = $1`,
  };
}

export type Statements = ReturnType<typeof statements>;

/** PostgreSQL text holds no NUL character: the row's columns replace it (the snapshot's JSON escapes it). */
const text = (value: unknown): string => String(value ?? "").replace(/\u0000/g, "\uFFFD");

/** $18 of create and update: when the snapshot's branch was last chosen to be seen (schema version 5), or NULL. */
export function shownAtValue(snapshot: Snapshot | null): string | null {
  return typeof snapshot?.shownAt === "string" ? text(snapshot.shownAt) : null;
}

/** $5..$16 of create and update: the conversation's columns from a snapshot (all NULL when it is null). */
export function conversationValues(snapshot: Snapshot | null, json: string | null, words: string | null): unknown[] {
  if (snapshot === null || json === null) return [null, null, null, null, null, null, null, null, null, null, null, null];
  return [
    text(snapshot.task),
    text(snapshot.title ?? snapshot.task),
    text(snapshot.createdAt),
    text(snapshot.updatedAt),
    snapshot.stoppedBy ?? null,
    Number.isInteger(snapshot.entryCount) ? snapshot.entryCount : 0,
    json,
    words ?? "",
    conversationIdOf(snapshot),
    snapshot.parent?.id ?? null,
    snapshot.parent?.seq ?? null,
    snapshot.retained === true,
  ];
}
