/**
 * The transactions behind SqliteStore's writes and reads. Each runs inside one SQLite
 * transaction and touches only the rows of one conversation, by key, so its cost does not
 * grow with the number of entries or conversations.
 */
import type BetterSqlite3 from "better-sqlite3";
import { StateBusyError, StateExistsError, StateNotFoundError } from "../../errors";
import type { EntryRecord } from "../../state/history";
import type { SavedStateInfo, Snapshot, StoredRecord } from "../../state/snapshot";
import type { Lease, StoredHead } from "../store";
import { conversationColumns, toSavedStateInfo } from "./conversation-row";
import { MAX_SEQ, type SerializedEntry } from "./entry-row";
import type { SqliteLeases } from "./lease";
import type { PreparedStatements } from "./prepared-statements";
import { entryChecksum, snapshotChecksum } from "./row-checksum";
import type { ParseStored, RowChecks } from "./row-checks";

export interface SerializedSnapshot {
  value: Snapshot;
  json: string;
}

/** New entries (a re-sent seq is skipped), the snapshot unless null, and the conversation's row. */
function writeRows(sql: PreparedStatements, stateId: string, rows: SerializedEntry[], snapshot: SerializedSnapshot | null, create: boolean): void {
  const existing = sql.conversationNum.get(stateId);
  if (create && existing) throw new StateExistsError(stateId);
  if (!create && !existing) throw new StateNotFoundError(stateId);
  const num = existing ? existing.num : sql.insertConversation.get({ ...conversationColumns(snapshot!.value), id: stateId })!.num;
  let added = 0;
  for (const [seq, kind, body, searchText] of rows) {
    if (sql.insertEntry.run(num, seq, kind, body, entryChecksum(num, seq, kind, body)).changes === 0) continue; // already stored: re-sent after a failed save
    added++;
    if (searchText !== null) sql.insertSearchText.run(num, seq, searchText);
  }
  if (snapshot !== null && !create) {
    sql.updateConversation.run({ ...conversationColumns(snapshot.value), id: stateId, added });
  } else if (added > 0) {
    sql.countNewEntries.run(added, stateId);
  }
  if (create || snapshot !== null || added > 0) sql.stampConversation.run(stateId);
  if (snapshot !== null) sql.putSnapshot.run(stateId, snapshot.json, snapshotChecksum(stateId, snapshot.json));
}

/** Rows read per statement by a load (see readEntries). */
const ENTRY_CHUNK = 1024;

/**
 * The State's entries of seqs [fromSeq, throughSeq], each row checked against its checksum,
 * read ENTRY_CHUNK rows at a time (in the caller's transaction: one consistent view). A chunk's
 * rows are dropped once parsed, so V8's young generation never carries the bodies of the whole
 * history while the entries are made: measured a third less CPU than one statement for all.
 */
function readEntries(sql: PreparedStatements, checks: RowChecks, parse: ParseStored, stateId: string, num: number, fromSeq: number, throughSeq: number): EntryRecord[] {
  const through = Math.min(throughSeq, MAX_SEQ);
  const entries: EntryRecord[] = [];
  for (let from = Math.max(0, fromSeq); from <= through; ) {
    const rows = sql.selectEntryChunk.all(num, from, num, through, ENTRY_CHUNK);
    for (const entry of checks.entries(stateId, num, rows, parse)) entries.push(entry);
    if (rows.length < ENTRY_CHUNK) break;
    from = rows[rows.length - 1][0] + 1;
  }
  return entries;
}

/** The entries of seqs [fromSeq, toSeq) of a State (a page), each checked against its checksum; null when there is no such State. */
function readBetween(sql: PreparedStatements, checks: RowChecks, parse: ParseStored, stateId: string, fromSeq: number, toSeq: number): EntryRecord[] | null {
  const conversation = checks.conversation(stateId);
  if (conversation === undefined) return null;
  if (toSeq <= fromSeq) return [];
  return readEntries(sql, checks, parse, stateId, conversation.num, fromSeq, toSeq - 1);
}

export function makeStoreTransactions(db: BetterSqlite3.Database, sql: PreparedStatements, leases: SqliteLeases, parse: ParseStored, checks: RowChecks) {
  const refuseLiveHolder = (stateId: string) => {
    const holder = leases.liveHolder(stateId);
    if (holder !== null) throw new StateBusyError(stateId, holder);
  };

  const head = (stateId: string): StoredHead | null => {
    const row = sql.selectHead.get(stateId);
    if (row === undefined) {
      checks.conversation(stateId); // throws when the lookup failed on damage
      return null;
    }
    const body = checks.headSnapshot(stateId, row.body, row.checksum);
    return { snapshot: body === null ? null : parse<Snapshot>(body, stateId, "snapshot"), entryCount: row.entryCount };
  };

  // The whole history, or (for a branch's ancestor) its own entries through a fork point.
  const readRange = (stateId: string, throughSeq?: number): StoredRecord | null => {
    const conversation = checks.conversation(stateId);
    if (conversation === undefined) return null;
    const { num } = conversation;
    const entries = readEntries(sql, checks, parse, stateId, num, 0, throughSeq ?? MAX_SEQ);
    return { entries, snapshot: parse<Snapshot>(checks.snapshot(stateId, sql.selectSnapshot.get(stateId)), stateId, "snapshot") };
  };
  const read = (stateId: string): StoredRecord | null => readRange(stateId);

  const remove = (stateId: string) => {
    refuseLiveHolder(stateId);
    const conversation = sql.conversationNum.get(stateId);
    if (conversation !== undefined) {
      sql.deleteSearchText.run(conversation.num, conversation.num);
      sql.deleteEntries.run(conversation.num, conversation.num);
      sql.deleteConversation.run(stateId); // its snapshot follows (cascade)
    }
    checks.forget();
    sql.deleteLease.run(stateId);
  };

  const rename = (stateId: string, title: string): SavedStateInfo => {
    // A damaged row is refused: stamping it with a new checksum would hide the damage.
    if (checks.conversation(stateId) === undefined) throw new StateNotFoundError(stateId);
    sql.renameConversation.run(title, stateId);
    const snapshotRow = sql.selectSnapshot.get(stateId);
    if (snapshotRow !== undefined) {
      // Rewritten in JavaScript: SQLite's JSON functions refuse data nested over 1,000 deep.
      const snapshot = parse<Snapshot>(checks.snapshot(stateId, snapshotRow), stateId, "snapshot");
      const json = JSON.stringify({ ...snapshot, title });
      sql.renameSnapshot.run(json, snapshotChecksum(stateId, json), stateId);
    }
    sql.stampConversation.run(stateId);
    return toSavedStateInfo(sql.selectInfo.get(stateId)!);
  };

  return {
    head,
    write: db.transaction((stateId: string, rows: SerializedEntry[], snapshot: SerializedSnapshot | null, create: boolean, lease?: Lease) => {
      if (lease && !create) leases.assertHeld(lease); // fencing: a run that lost its lease writes nothing
      writeRows(sql, stateId, rows, snapshot, create);
    }),
    // A save outside a run: the lease and the head are looked at in the write's own transaction.
    writeIfCurrent: db.transaction(
      (stateId: string, rows: SerializedEntry[], snapshot: SerializedSnapshot | null, check: (head: StoredHead | null) => void) => {
        refuseLiveHolder(stateId);
        check(head(stateId));
        writeRows(sql, stateId, rows, snapshot, false);
      },
    ),
    read: db.transaction(read),
    readRange: db.transaction(readRange),
    readBetween: db.transaction((stateId: string, fromSeq: number, toSeq: number) => readBetween(sql, checks, parse, stateId, fromSeq, toSeq)),
    delete: db.transaction(remove),
    rename: db.transaction(rename),
  };
}

export type StoreTransactions = ReturnType<typeof makeStoreTransactions>;
