/**
 * SqliteStore: every conversation in one SQLite database (better-sqlite3, WAL mode).
 *
 * Each `write` is one transaction holding the new entries, the snapshot, the
 * conversation's row (what `list()` shows, so listing never reads a history) and, from
 * schema version 2 on, their search index rows (the searched text is taken out of each entry
 * here, in JavaScript: SQLite never parses the stored JSON). Every statement is prepared once and
 * touches only the rows of the save, so a save costs the same at any history length.
 *
 * Durability is the `synchronous` option: "FULL" (the default) syncs the write-ahead
 * log at every commit, so an acknowledged save survives a killed process and a power
 * cut; "NORMAL" survives a killed process, but a power cut can lose the last saves
 * (never corrupting the database).
 */
import fs from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { DamagedConversationError, StateNotFoundError } from "../../errors";
import type { EntryRecord } from "../../state/history";
import type { ConversationInfo, SavedStateInfo, Snapshot, StoredRecord } from "../../state/snapshot";
import { assertStateId } from "../../state/state";
import { type Lease, type ListOptions, Store, type StoredHead, type WriteOptions } from "../store";
import { toSavedStateInfo } from "./conversation-row";
import { serializeEntry } from "./entry-row";
import { translateSchemaError, translateSqliteError } from "./sqlite-errors";
import { SqliteLeases } from "./lease";
import type { MigrationOutcome } from "./migrate";
import { MIGRATIONS } from "./migrations";
import { type OpenedDatabase, openDatabase } from "./open-database";
import { type SearchOptions, type SearchPage, type SearchResult, SqliteSearch } from "./search";
import { readSettings, type SqliteSettings } from "./pragma-settings";
import { type PreparedStatements, prepareStatements } from "./prepared-statements";
import { makeStoreTransactions, type StoreTransactions } from "./store-transactions";
import { RowChecks } from "./row-checks";
import { restoreListedRows, salvageRows, type SalvagedConversation } from "./salvage";

export type { SearchOptions, SearchPage, SearchResult, SnippetMark } from "./search";
export type { Synchronous } from "./open-database";
export type { IntegrityCheck } from "./validate";
export type { SalvagedConversation } from "./salvage";
export type { SqliteSettings } from "./pragma-settings";
export type { SqliteStoreOptions } from "./sqlite-store-options";
import { seqRange, type SqliteStoreOptions } from "./sqlite-store-options";

export class SqliteStore extends Store {
  /** The database file, as an absolute path. */
  readonly path: string;
  /** What opening did to the schema: its version before and after, and the copy taken before migrating. */
  readonly schema: MigrationOutcome;
  private readonly db: BetterSqlite3.Database;
  private readonly key: string;
  private readonly busyTimeoutMs: number;
  private readonly leases: SqliteLeases;
  private readonly searchIndex: SqliteSearch;
  private readonly sql: PreparedStatements;
  private readonly transactions: StoreTransactions;
  private readonly checks: RowChecks;
  private readonly nativeBinding: string | undefined;

  constructor(databaseFile: string, options: SqliteStoreOptions = {}) {
    super();
    this.path = path.resolve(databaseFile);
    this.busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    let opened: OpenedDatabase;
    try {
      opened = openDatabase(this.path, {
        synchronous: options.synchronous ?? "FULL",
        busyTimeoutMs: this.busyTimeoutMs,
        integrityCheck: options.integrityCheck ?? "after-crash",
        nativeBinding: options.nativeBinding,
        migrations: MIGRATIONS,
      });
    } catch (error) {
      throw translateSqliteError(error, this.path, this.busyTimeoutMs);
    }
    const db = opened.db;
    this.db = db;
    this.schema = opened.migration;
    try {
      this.key = `sqlite:${fs.realpathSync(this.path)}`;
      this.leases = new SqliteLeases(db, this.busyTimeoutMs, options.leaseHost);
      this.searchIndex = new SqliteSearch(db);
      this.sql = prepareStatements(db);
    } catch (error) {
      db.close();
      throw translateSchemaError(error, this.path, this.busyTimeoutMs);
    }
    const dataVersion = db.prepare<[], number>("PRAGMA data_version").pluck();
    this.nativeBinding = options.nativeBinding;
    this.checks = new RowChecks(this.path, this.sql, () => dataVersion.get()!);
    this.transactions = makeStoreTransactions(db, this.sql, this.leases, (json, stateId, what) => this.parse(json, stateId, what), this.checks);
  }

  override get storeKey(): string {
    return this.key;
  }

  override describe(): string {
    return `SqliteStore(${this.path})`;
  }

  /**
   * One transaction: the entries whose seq is new (a re-sent seq is skipped), the
   * snapshot unless null, and the conversation's row. `create: true` refuses an id
   * that exists (StateExistsError); an update of an id that does not exist is refused
   * with StateNotFoundError (it was deleted).
   */
  override write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): void {
    assertStateId(stateId);
    const create = options.create === true;
    if (create && snapshot === null) throw new TypeError("The first write of a State (create: true) needs its snapshot.");
    const rows = entries.map(serializeEntry);
    const serialized = snapshot === null ? null : { value: snapshot, json: JSON.stringify(snapshot) };
    this.guard(() => this.transactions.write.immediate(stateId, rows, serialized, create, options.lease));
  }

  /** `write`, in one transaction with the check that no runner holds the State and `check` accepts its head. */
  override async writeIfCurrent(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, check: (head: StoredHead | null) => void): Promise<void> {
    assertStateId(stateId);
    const rows = entries.map(serializeEntry);
    const serialized = snapshot === null ? null : { value: snapshot, json: JSON.stringify(snapshot) };
    this.guard(() => this.transactions.writeIfCurrent.immediate(stateId, rows, serialized, check));
  }

  override read(stateId: string): StoredRecord | null {
    assertStateId(stateId);
    return this.guard(() => this.transactions.read(stateId));
  }

  /** The State's own entries through `throughSeq`: one key range (a branch's load reads its ancestors so). */
  override readRange(stateId: string, throughSeq: number): StoredRecord | null {
    assertStateId(stateId);
    return this.guard(() => this.transactions.readRange(stateId, Math.floor(throughSeq)));
  }

  /** The State's own entries of seqs [fromSeq, toSeq): one key range, however long the history. */
  override readSeqRange(stateId: string, fromSeq: number, toSeq: number): EntryRecord[] | null {
    assertStateId(stateId);
    const [from, to] = seqRange(fromSeq, toSeq);
    return this.guard(() => this.transactions.readBetween(stateId, from, to));
  }

  /** The snapshot and how many entries are stored, without reading the history. */
  override async readHead(stateId: string): Promise<StoredHead | null> {
    assertStateId(stateId);
    return this.guard(() => this.transactions.head(stateId));
  }

  /** Saved States, most recently updated first; `limit`/`offset` page through them. */
  override list(options: ListOptions = {}): SavedStateInfo[] {
    const limit = options.limit === undefined ? -1 : Math.max(0, Math.floor(options.limit));
    const offset = Math.max(0, Math.floor(options.offset ?? 0));
    return this.guard(() => this.sql.list.all(options.includeRetained ? 1 : 0, limit, offset).map(toSavedStateInfo));
  }

  /** One row per conversation, its branch updated or shown last, newest update first: in one query. */
  override listConversations(options: ListOptions = {}): ConversationInfo[] {
    const limit = options.limit === undefined ? -1 : Math.max(0, Math.floor(options.limit));
    const offset = Math.max(0, Math.floor(options.offset ?? 0));
    return this.guard(() => this.sql.listConversations.all(limit, offset).map((row) => ({ ...toSavedStateInfo(row), updatedAt: row.conversation_updated_at, branchCount: row.branch_count })));
  }

  override listBranches(conversationId: string): SavedStateInfo[] {
    assertStateId(conversationId);
    return this.guard(() => this.sql.listBranches.all(conversationId).map(toSavedStateInfo));
  }

  /** How many States are saved (retained ones left out). */
  count(): number {
    return this.guard(() => this.sql.count.get()?.n ?? 0);
  }

  /** How many conversations are saved. */
  countConversations(): number {
    return this.guard(() => this.sql.countConversations.get()?.n ?? 0);
  }

  /**
   * The States with entries whose last run did not end by itself: a process ended mid-run
   * (`stoppedBy` null) or the run was stopped ("aborted"); newest first, at most `limit`,
   * and how many there are in all. Read from the rows alone, never from a history.
   */
  unfinished(limit: number): { count: number; items: SavedStateInfo[] } {
    return this.guard(() => ({
      count: this.sql.countUnfinished.get()?.n ?? 0,
      items: this.sql.listUnfinished.all(Math.max(0, Math.floor(limit))).map(toSavedStateInfo),
    }));
  }

  /** One State's line of `list()`, or null. */
  info(stateId: string): SavedStateInfo | null {
    assertStateId(stateId);
    return this.guard(() => {
      const row = this.sql.selectInfo.get(stateId);
      return row ? toSavedStateInfo(row) : null;
    });
  }

  /**
   * Remove the State (entries, snapshot, search rows, a stale lease) and hand the freed
   * pages back to the file system. A State a live runner holds is refused (StateBusyError).
   */
  override delete(stateId: string): void {
    assertStateId(stateId);
    this.guard(() => {
      this.transactions.delete.immediate(stateId);
      this.db.pragma("incremental_vacuum");
    });
  }

  /** Change the title a person sees, without reading the history. Throws StateNotFoundError. */
  rename(stateId: string, title: string): SavedStateInfo {
    assertStateId(stateId);
    if (typeof title !== "string") throw new TypeError("A title must be a string.");
    return this.guard(() => this.transactions.rename.immediate(stateId, title));
  }

  /** Branches whose own messages, or conversations whose task or title, match every word of `query` (as prefixes), newest first. */
  override search(query: string, options?: SearchOptions): SearchResult[] {
    return this.guard(() => this.searchIndex.page(query, options).items);
  }

  /** One page of `search(query)` and how many results match in all, in one query. */
  override searchPage(query: string, options?: SearchOptions): SearchPage {
    return this.guard(() => this.searchIndex.page(query, options));
  }

  /** How many conversations `search(query)` finds in all. */
  override searchCount(query: string): number {
    return this.guard(() => this.searchIndex.count(query));
  }

  /** What a damaged conversation still holds, found by the id `list()` showed (even a garbled one); null when no row has it. */
  salvage(listedId: string): SalvagedConversation | null {
    return this.guard(() => salvageRows(this.db, listedId));
  }

  /** Put the conversation listed as `listedId` back as the backup copy holds it (read from a scratch copy), in one transaction; returns its id. */
  restoreFromBackup(listedId: string, backupFile: string): string {
    return this.guard(() => {
      const nativeBinding = this.nativeBinding;
      const openStore = (file: string) => new SqliteStore(file, { integrityCheck: "always", nativeBinding });
      const id = restoreListedRows(this.db, this.transactions, listedId, backupFile, { openStore, nativeBinding });
      this.checks.forget();
      return id;
    });
  }

  /** A lease other processes see; a killed holder stops blocking within seconds. */
  override acquireLease(stateId: string): Lease {
    assertStateId(stateId);
    return this.guard(() => this.leases.acquire(stateId));
  }

  /** The connection's settings as SQLite reports them (for diagnostics and benchmarks). */
  settings(): SqliteSettings {
    return this.guard(() => readSettings(this.db));
  }

  /** Release this store's leases, fold the write-ahead log into the file, and close. */
  close(): void {
    if (!this.db.open) return;
    this.leases.releaseAll();
    try {
      this.db.pragma("wal_checkpoint(TRUNCATE)");
    } catch {
      // Another connection is busy: the log is folded in by whoever closes last.
    }
    this.db.close();
  }

  private parse<T>(json: string, stateId: string, what: string): T {
    try {
      return JSON.parse(json) as T;
    } catch (error) {
      throw new DamagedConversationError(this.path, stateId, `its ${what} is not valid JSON`, { cause: error });
    }
  }

  private guard<T>(operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      throw translateSqliteError(error, this.path, this.busyTimeoutMs);
    }
  }
}
