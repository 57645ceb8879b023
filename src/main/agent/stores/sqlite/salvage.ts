/**
 * What can be done with a conversation whose rows fail their checks: read what still passes
 * (to export it), or put it back from a backup copy of the database. Both find the row by
 * the id `list()` showed, read from the table itself, so a row whose id was garbled (or whose
 * index entry was) is found all the same.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { StateNotFoundError, StoreCorruptError } from "../../errors";
import type { EntryRecord } from "../../state/history";
import type { Snapshot, StoredRecord } from "../../state/snapshot";
import { CONVERSATION_COLUMNS, type ConversationRow } from "./conversation-row";
import { entryFromRow, serializeEntry } from "./entry-row";
import type { StoreTransactions } from "./store-transactions";
import { entryChecksum, snapshotChecksum } from "./row-checksum";

/** What a damaged conversation still holds. */
export interface SalvagedConversation {
  /** The id as listed (it may be garbled). */
  listedId: string;
  /** The snapshot, when its row passes its check; else null. */
  snapshot: Snapshot | null;
  /** Every entry whose row passes its check, in order. */
  entries: EntryRecord[];
  /** The seqs of the entries left out (their rows fail their check or do not parse). */
  skipped: number[];
}

type Db = Database.Database;

/** The conversation row listed with `listedId`, found past the id index. */
export function findListedRow(db: Db, listedId: string): ConversationRow | undefined {
  return db.prepare<[string], ConversationRow>(`SELECT ${CONVERSATION_COLUMNS} FROM conversations NOT INDEXED WHERE id = ?`).get(listedId);
}

function parseOrNull(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export function salvageRows(db: Db, listedId: string): SalvagedConversation | null {
  const row = findListedRow(db, listedId);
  if (row === undefined) return null;
  const rows = db
    .prepare<[number, number], { seq: number; kind: string; body: string; checksum: number }>(
      "SELECT id & 0xFFFFFFFF AS seq, kind, body, checksum FROM entries WHERE id BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF ORDER BY id",
    )
    .all(row.num, row.num);
  const entries: EntryRecord[] = [];
  const skipped: number[] = [];
  for (const entry of rows) {
    const body = entryChecksum(row.num, entry.seq, entry.kind, entry.body) === entry.checksum ? parseOrNull(entry.body) : null;
    if (body === null || typeof body !== "object") skipped.push(entry.seq);
    else entries.push(entryFromRow(entry.seq, entry.kind, body as Record<string, unknown>));
  }
  const snapshotRow = db.prepare<[string], { state_id: string; body: string; checksum: number }>("SELECT state_id, body, checksum FROM snapshots NOT INDEXED WHERE state_id = ?").get(listedId);
  const snapshot = snapshotRow && snapshotChecksum(snapshotRow.state_id, snapshotRow.body) === snapshotRow.checksum ? (parseOrNull(snapshotRow.body) as Snapshot | null) : null;
  return { listedId, snapshot, entries, skipped };
}

/** Remove every row of the listed conversation by its number (its id may be garbled). */
export function removeListedRows(db: Db, row: ConversationRow, realId: string): void {
  db.prepare("DELETE FROM entry_search WHERE rowid BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF").run(row.num, row.num);
  db.prepare("DELETE FROM entries WHERE id BETWEEN (? << 32) AND (? << 32) + 0xFFFFFFFF").run(row.num, row.num);
  db.prepare("DELETE FROM snapshots WHERE state_id IN (?, ?)").run(row.id, realId);
  db.prepare("DELETE FROM conversations WHERE num = ?").run(row.num);
}

/** How a backup's scratch copy is opened: as a store, and raw, both with the store's own SQLite build. */
export interface BackupCopyOpener {
  /** Opens the copy as a store (which brings an older schema forward). */
  openStore(file: string): { read(id: string): StoredRecord | null; close(): void };
  /** The store's better-sqlite3 build; under Electron, Electron's own (Node's build cannot load there). */
  nativeBinding: string | undefined;
}

/**
 * The conversation of row `num` as a backup copy holds it: the copy is copied aside and
 * opened with `opener`, never changed itself.
 */
export function readFromBackup(backupFile: string, num: number, listedId: string, opener: BackupCopyOpener): { id: string; record: StoredRecord } {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-restore-"));
  try {
    const copy = path.join(scratch, "backup.db");
    fs.copyFileSync(backupFile, copy);
    const store = opener.openStore(copy);
    try {
      const raw = new Database(copy, { readonly: true, fileMustExist: true, nativeBinding: opener.nativeBinding });
      let id: string | undefined;
      try {
        // By its id when that is intact, else by its row number (a backup keeps the numbers).
        id = raw.prepare<[string], { id: string }>("SELECT id FROM conversations WHERE id = ?").get(listedId)?.id;
        if (id === undefined) id = raw.prepare<[number], { id: string }>("SELECT id FROM conversations WHERE num = ?").get(num)?.id;
      } finally {
        raw.close();
      }
      if (id === undefined) throw new StateNotFoundError(listedId);
      const record = store.read(id);
      if (!record?.snapshot) throw new StoreCorruptError(backupFile, `the backup copy has no snapshot of "${id}"`);
      return { id, record };
    } finally {
      store.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Put the conversation listed as `listedId` back as the backup copy holds it, in one
 * transaction; returns its id. `opener` opens the backup's scratch copy.
 */
export function restoreListedRows(db: Db, transactions: StoreTransactions, listedId: string, backupFile: string, opener: BackupCopyOpener): string {
  const row = findListedRow(db, listedId);
  if (!row) throw new StateNotFoundError(listedId);
  const { id, record } = readFromBackup(backupFile, row.num, listedId, opener);
  const snapshot = record.snapshot!;
  db.transaction(() => {
    removeListedRows(db, row, id);
    if (id !== row.id) transactions.delete(id); // the intact row of that id, if the garbled one was a copy
    transactions.write(id, record.entries.map(serializeEntry), { value: snapshot, json: JSON.stringify(snapshot) }, true);
  }).immediate();
  return id;
}
