/**
 * A checksum for each stored row (schema version 6). SQLite keeps no page checksums, so a
 * garbled page can change a row's bytes and still parse: an id with garbage characters, a
 * conversation that no longer matches its lookup, a changed text. Each row carries a hash of
 * its own values, written with it and verified whenever it is read, so damage is named
 * instead of read as data.
 *
 * The hash is CRC-32 (zlib's, about four times faster than a cryptographic hash: every load
 * verifies each row it reads), which fits a JavaScript number and a SQLite integer; it is
 * there to find damage, not to resist forgery. Values are framed by type and length: ("ab", "c") never hashes as ("a", "bc").
 */
import { crc32 } from "node:zlib";
import type BetterSqlite3 from "better-sqlite3";

/** The SQL function of the same checksum (registered on the store's connection). */
export const CHECKSUM_FUNCTION = "alpine_row_checksum";

export type ChecksumValue = string | number | bigint | null;

/** The checksum of one row's values, in column order. */
export function rowChecksum(...values: ChecksumValue[]): number {
  let crc = 0;
  for (const value of values) {
    if (value === null || value === undefined) crc = crc32("z;", crc);
    else if (typeof value === "string") crc = crc32(value, crc32(`s${value.length}:`, crc));
    else crc = crc32(`n${String(value)};`, crc);
  }
  return crc;
}

/** The conversation row's values a checksum covers: all but the checksum itself and shown_at (see CONVERSATION_CHECKSUM_SQL and ConversationRow). */
export interface ChecksummedConversation {
  num: number;
  id: string;
  task: string;
  title: string;
  created_at: string;
  updated_at: string;
  stopped_by: string | null;
  entry_count: number;
  conversation_id: string;
  parent_id: string | null;
  parent_seq: number | null;
  retained: number;
}

export function conversationChecksum(row: ChecksummedConversation): number {
  return rowChecksum(
    row.num,
    row.id,
    row.task,
    row.title,
    row.created_at,
    row.updated_at,
    row.stopped_by,
    row.entry_count,
    row.conversation_id,
    row.parent_id,
    row.parent_seq,
    row.retained,
  );
}

/** The same values in SQL, for statements that stamp a row where it is. */
export const CONVERSATION_CHECKSUM_SQL = `${CHECKSUM_FUNCTION}(num, id, task, title, created_at, updated_at, stopped_by, entry_count, conversation_id, parent_id, parent_seq, retained)`;
/** An entry's checksum covers its conversation's num, its seq, kind and body. */
export const ENTRY_CHECKSUM_SQL = `${CHECKSUM_FUNCTION}(id >> 32, id & 0xFFFFFFFF, kind, body)`;
/** A snapshot's checksum covers the State id it belongs to and its body. */
export const SNAPSHOT_CHECKSUM_SQL = `${CHECKSUM_FUNCTION}(state_id, body)`;

/**
 * `rowChecksum(num, seq, kind, body)`, the same value: the framing before the body hashed as
 * one short string, then the body (CRC-32 goes on where it stopped). Every load checks each
 * entry it reads, so this spares it the strings and calls value by value framing would make.
 */
export function entryChecksum(num: number, seq: number, kind: string, body: string): number {
  return crc32(body, crc32(`n${num};n${seq};s${kind.length}:${kind}s${body.length}:`));
}

export function snapshotChecksum(stateId: string, body: string): number {
  return rowChecksum(stateId, body);
}

/** Lets the connection's SQL compute the checksum (migration 6 and the conversation row's stamp). */
export function registerChecksumFunction(db: BetterSqlite3.Database): void {
  db.function(CHECKSUM_FUNCTION, { deterministic: true, varargs: true }, (...values: unknown[]) => rowChecksum(...(values as ChecksumValue[])));
}

/** Stamp every row of the three tables with its checksum (migration 6; the fixture builder). */
export function stampAllRows(db: BetterSqlite3.Database): void {
  db.exec(`
    UPDATE conversations SET checksum = ${CONVERSATION_CHECKSUM_SQL};
    UPDATE entries SET checksum = ${ENTRY_CHECKSUM_SQL};
    UPDATE snapshots SET checksum = ${SNAPSHOT_CHECKSUM_SQL};
  `);
}
