/**
 * PostgresStore: every conversation in a PostgreSQL database (pg), so several machines share
 * them. Async only. Each save is one statement, so one transaction and one round trip: the
 * entries whose (state, seq) is new, the snapshot and the conversation's row (what `list()`
 * shows); a run's save also checks that its lease still holds the State (fencing, see
 * postgres-lease.ts). A create is all or nothing. The tables live in one schema of the
 * database ("alpine" by default), whose numbered migrations run on first use.
 */
import { LeaseLostError, StateBusyError, StateExistsError, StateNotFoundError } from "../../errors";
import type { EntryRecord } from "../../state/history";
import type { SavedStateInfo, Snapshot, StoredRecord } from "../../state/snapshot";
import { assertStateId } from "../../state/state";
import type { SearchOptions, SearchPage, SearchResult } from "../search/search-types";
import { type ListOptions, Store, type StoredHead, type WriteOptions } from "../store";
import { Connection, describeServer, quoteSchema } from "./connection";
import { type InfoRow, toSavedStateInfo } from "./info-row";
import type { PostgresMigrationOutcome } from "./migrate";
import { type LiveLease, PostgresLease, PostgresLeases, describeHolder } from "./postgres-lease";
import { type StoreWatch, type StoreWatchListener, watchChanges } from "./postgres-watch";
import { PostgresSearch } from "./postgres-search";
import { indexedWords } from "./search-words";
import { type Statements, conversationValues, shownAtValue, statements } from "./statements";
import { type HistoryRows, parseStored, readHistoryRows } from "./history-rows";
import { packedBody } from "./entry-body";
import { storedWords } from "./body-words";

export interface PostgresStoreOptions {
  /** The schema holding the tables (created if missing). Default "alpine". */
  schema?: string;
  /** How long a lease lasts without a heartbeat, on the server's clock (default 5000 ms). */
  leaseDurationMs?: number;
  /** Connections kept to the server (default 4). */
  maxConnections?: number;
  /** How long to wait for a connection (default 5000 ms). */
  connectTimeoutMs?: number;
  /** Longest a statement may run before the server cancels it (default 30,000 ms). */
  statementTimeoutMs?: number;
}

interface EntryRows {
  seqs: number[];
  bodies: string[];
  words: (string | null)[];
  distinct: number;
}

/** Serialize first: a value JSON cannot hold fails the write before anything is sent. */
function entryRows(entries: EntryRecord[]): EntryRows {
  const seqs: number[] = [];
  const bodies: string[] = [];
  const words: (string | null)[] = [];
  for (const entry of entries) {
    if (!Number.isInteger(entry.seq) || entry.seq < 0) throw new TypeError(`An entry's seq must be a non-negative integer, got ${String(entry.seq)}.`);
    seqs.push(entry.seq);
    const body = packedBody(entry);
    bodies.push(body);
    words.push(storedWords(entry, body));
  }
  return { seqs, bodies, words, distinct: new Set(seqs).size };
}

function conversationWords(snapshot: Snapshot): string | null {
  return indexedWords(`${String(snapshot.title ?? "")} ${String(snapshot.task ?? "")}`);
}

export class PostgresStore extends Store {
  /** The server and database, without credentials: `host:port/database`. */
  readonly server: string;
  readonly schemaName: string;
  private readonly connection: Connection;
  private readonly sql: Statements;
  private readonly leases: PostgresLeases;
  private readonly searchIndex: PostgresSearch;
  private readonly watchOptions: { connectionString: string; connectTimeoutMs: number };

  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    super();
    if (typeof connectionString !== "string" || connectionString === "") throw new TypeError("new PostgresStore(connectionString) needs a connection string.");
    this.schemaName = options.schema ?? "alpine";
    const s = quoteSchema(this.schemaName);
    this.server = describeServer(connectionString);
    this.connection = new Connection(connectionString, this.server, this.schemaName, s, {
      maxConnections: options.maxConnections ?? 4,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
    });
    this.sql = statements(s);
    this.leases = new PostgresLeases(this.connection.query, s, options.leaseDurationMs ?? 5_000);
    this.searchIndex = new PostgresSearch(this.connection.query, s);
    this.watchOptions = { connectionString, connectTimeoutMs: options.connectTimeoutMs ?? 5_000 };
  }

  /** Hear every change any machine commits to this schema (needs the schema opened, see `open()`). */
  watch(listener: StoreWatchListener): StoreWatch {
    return watchChanges(this.watchOptions.connectionString, this.schemaName, listener, { connectTimeoutMs: this.watchOptions.connectTimeoutMs });
  }

  /** The leases held now by any runner on any machine. */
  async liveLeases(): Promise<LiveLease[]> {
    return this.leases.live();
  }

  override get storeKey(): string {
    return `postgres:${this.server}#${this.schemaName}`;
  }

  override describe(): string {
    return `PostgresStore(${this.server}, schema ${this.schemaName})`;
  }

  /** Connect and bring the schema up to date now (every operation does it first anyway). */
  async open(): Promise<PostgresMigrationOutcome> {
    return this.connection.usable();
  }

  override async write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): Promise<void> {
    assertStateId(stateId);
    const create = options.create === true;
    if (create && snapshot === null) throw new TypeError("The first write of a State (create: true) needs its snapshot.");
    const rows = entryRows(entries);
    const json = snapshot === null ? null : JSON.stringify(snapshot);
    const columns = conversationValues(snapshot, json, snapshot && conversationWords(snapshot));
    const base = [stateId, rows.seqs, rows.bodies, rows.words, ...columns];
    if (create) {
      const result = await this.connection.query(this.sql.create, [...base, rows.distinct, shownAtValue(snapshot)], "alpine_create_7");
      if (result.rows[0].written === 0) throw new StateExistsError(stateId);
      return;
    }
    const lease = options.lease;
    const token = lease?.token ?? null;
    const result = await this.connection.query(this.sql.update, [...base, token, shownAtValue(snapshot)], "alpine_update_7");
    const outcome = result.rows[0] as { written: number; found: boolean; holder: string | null };
    if (outcome.written > 0) return;
    if (!outcome.found) throw new StateNotFoundError(stateId);
    if (lease instanceof PostgresLease) lease.markLost();
    throw new LeaseLostError(stateId, outcome.holder === null ? "its lease was removed" : `it was taken over by ${describeHolder(outcome.holder)}`);
  }

  /** `write`, in one transaction with the check that no runner holds the State and `check` accepts its head. */
  override async writeIfCurrent(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, check: (head: StoredHead | null) => void): Promise<void> {
    assertStateId(stateId);
    const rows = entryRows(entries);
    const json = snapshot === null ? null : JSON.stringify(snapshot);
    const columns = conversationValues(snapshot, json, snapshot && conversationWords(snapshot));
    await this.connection.transaction(async (client) => {
      const holder = await client.query(`${this.leaseOf} FOR UPDATE`, [stateId]);
      if (holder.rows.length > 0) throw new StateBusyError(stateId, describeHolder(holder.rows[0].holder as string));
      const head = await client.query(this.sql.headForUpdate, [stateId]);
      check(head.rows.length === 0 ? null : this.toHead(stateId, head.rows[0]));
      const result = await client.query(this.sql.update, [stateId, rows.seqs, rows.bodies, rows.words, ...columns, null, shownAtValue(snapshot)]);
      if (result.rows[0].written === 0) throw new StateNotFoundError(stateId);
    });
  }

  private get leaseOf(): string {
    return `SELECT holder FROM ${quoteSchema(this.schemaName)}.leases WHERE state_id = $1 AND expires_at > now()`;
  }

  override async read(stateId: string): Promise<StoredRecord | null> {
    assertStateId(stateId);
    return this.recordOf(stateId, await this.historyRows("alpine_read_7", this.sql.read, [stateId]));
  }

  /** Only the State's own entries of seq <= `throughSeq` (a branch's inherited past), and its snapshot. */
  override async readRange(stateId: string, throughSeq: number): Promise<StoredRecord | null> {
    assertStateId(stateId);
    return this.recordOf(stateId, await this.historyRows("alpine_read_range_7", this.sql.readRange, [stateId, Math.floor(throughSeq)]));
  }

  /** Only the State's own entries of seqs [fromSeq, toSeq): one index range. */
  override async readSeqRange(stateId: string, fromSeq: number, toSeq: number): Promise<EntryRecord[] | null> {
    assertStateId(stateId);
    const [from, to] = [fromSeq, toSeq].map((seq) => (Number.isNaN(seq) ? 0 : Math.min(2 ** 31 - 1, Math.max(0, Math.ceil(seq)))));
    const rows = await this.historyRows("alpine_read_between_7", this.sql.readBetween, [stateId, from, to]);
    return rows.head === null ? null : rows.entries;
  }

  private historyRows(name: string, text: string, values: unknown[]): Promise<HistoryRows> {
    return readHistoryRows(this.connection.eachRow, { name, text }, values, () => this.where);
  }

  private recordOf(stateId: string, rows: HistoryRows): StoredRecord | null {
    if (rows.head === null) return null;
    return { entries: rows.entries, snapshot: this.parse<Snapshot>(rows.head, stateId, "snapshot") };
  }

  /** The snapshot and how many entries are stored, without reading the history. */
  override async readHead(stateId: string): Promise<StoredHead | null> {
    assertStateId(stateId);
    const result = await this.connection.query(this.sql.head, [stateId], "alpine_head");
    return result.rows.length === 0 ? null : this.toHead(stateId, result.rows[0]);
  }

  private toHead(stateId: string, row: { snapshot: string; stored_entries: number }): StoredHead {
    return { snapshot: this.parse<Snapshot>(row.snapshot, stateId, "snapshot"), entryCount: row.stored_entries };
  }

  /** Saved States, most recently updated first; `limit`/`offset` page through them. */
  override async list(options: ListOptions = {}): Promise<SavedStateInfo[]> {
    const limit = options.limit === undefined ? null : Math.max(0, Math.floor(options.limit));
    const offset = Math.max(0, Math.floor(options.offset ?? 0));
    const result = await this.connection.query(this.sql.list, [limit, offset, options.includeRetained === true], "alpine_list_7");
    return (result.rows as InfoRow[]).map(toSavedStateInfo);
  }

  /** How many States are saved. */
  async count(): Promise<number> {
    return (await this.connection.query(this.sql.count, [], "alpine_count")).rows[0].n as number;
  }

  /** One State's line of `list()`, or null. */
  async info(stateId: string): Promise<SavedStateInfo | null> {
    assertStateId(stateId);
    const result = await this.connection.query(this.sql.info, [stateId], "alpine_info");
    return result.rows.length === 0 ? null : toSavedStateInfo(result.rows[0] as InfoRow);
  }

  /** Remove the State (entries, snapshot, a stale lease). A State a live runner holds is refused (StateBusyError). */
  override async delete(stateId: string): Promise<void> {
    assertStateId(stateId);
    await this.connection.transaction(async (client) => {
      const holder = await client.query(`${this.leaseOf} FOR UPDATE`, [stateId]);
      if (holder.rows.length > 0) throw new StateBusyError(stateId, describeHolder(holder.rows[0].holder as string));
      // The entries first: they are found through the conversation's row (its state_key).
      await client.query(this.sql.deleteEntries, [stateId]);
      await client.query(this.sql.deleteConversation, [stateId]);
      await client.query(this.sql.deleteLease, [stateId]);
    });
  }

  /** Change the title a person sees (in the row and the snapshot), without reading the history. Throws StateNotFoundError. */
  async rename(stateId: string, title: string): Promise<SavedStateInfo> {
    assertStateId(stateId);
    if (typeof title !== "string") throw new TypeError("A title must be a string.");
    return this.connection.transaction(async (client) => {
      const found = await client.query(this.sql.snapshotForUpdate, [stateId]);
      if (found.rows.length === 0) throw new StateNotFoundError(stateId);
      const snapshot = { ...this.parse<Snapshot>(found.rows[0].snapshot as string, stateId, "snapshot"), title };
      const [, titleColumn] = conversationValues(snapshot, "", null);
      const result = await client.query(this.sql.rename, [stateId, titleColumn, JSON.stringify(snapshot), conversationWords(snapshot) ?? ""]);
      return toSavedStateInfo(result.rows[0] as InfoRow);
    });
  }

  /** Branches whose own messages, or conversations whose task or title, match every word of `query` (as prefixes), newest first. */
  override async search(query: string, options?: SearchOptions): Promise<SearchResult[]> {
    return (await this.searchIndex.page(query, options)).items;
  }

  /** One page of `search(query)` and how many results match in all. */
  override async searchPage(query: string, options?: SearchOptions): Promise<SearchPage> {
    return this.searchIndex.page(query, options);
  }

  override async searchCount(query: string): Promise<number> {
    return this.searchIndex.count(query);
  }

  /** A lease every machine on the server sees; a holder that stops heartbeating loses it when it expires (server clock). */
  override async acquireLease(stateId: string): Promise<PostgresLease> {
    assertStateId(stateId);
    return this.leases.acquire(stateId);
  }

  /** Release this store's leases and close its connections. */
  async close(): Promise<void> {
    await this.leases.releaseAll();
    await this.connection.close();
  }

  private get where(): string {
    return `${this.server} (schema ${this.schemaName})`;
  }

  private parse<T>(json: string, stateId: string, what: string): T {
    return parseStored<T>(json, () => this.where, stateId, what);
  }
}
