/**
 * PostgresStore's connections: a small pool, opened on first use (the constructor cannot
 * wait), whose first client migrates the schema. The \`pg\` module itself is loaded then too,
 * so an app that never uses a PostgresStore never loads it (its import alone is costly at launch). Every query names the server in its
 * errors and turns a lost connection into PostgresUnreachableError.
 */
import type pg from "pg";
import { type PostgresMigrationOutcome, migrateSchema } from "./migrate";
import { POSTGRES_MIGRATIONS } from "./migrations";
import { PostgresStoreClosedError, translatePostgresError } from "./postgres-errors";

export interface ConnectionOptions {
  maxConnections: number;
  connectTimeoutMs: number;
  /** Longest a statement may run on the server before it is cancelled. */
  statementTimeoutMs: number;
}

/** The schema name as a quoted identifier (names are checked to be plain lowercase words). */
export function quoteSchema(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new TypeError(`Schema name ${JSON.stringify(name)} must be 1 to 63 lowercase letters, digits or _, not starting with a digit.`);
  }
  return `"${name}"`;
}

/** Where the connection string points, without its password: `host:port/database`. */
export function describeServer(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || "5432"}${url.pathname || "/"}`;
  } catch {
    return "the PostgreSQL server";
  }
}

export class Connection {
  private poolMade: Promise<pg.Pool> | null = null;
  private QueryClass: typeof pg.Query | null = null;
  /** What opening did to the schema, once it has been opened. */
  schema: PostgresMigrationOutcome | null = null;
  private opening: Promise<PostgresMigrationOutcome> | null = null;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    readonly server: string,
    readonly schemaName: string,
    readonly s: string,
    private readonly options: ConnectionOptions,
  ) {}

  /** The pool, made at the first use. */
  private pool(): Promise<pg.Pool> {
    this.poolMade ??= import("pg").then(({ default: pgModule }) => {
      this.QueryClass = pgModule.Query;
      const pool = new pgModule.Pool({
        Client: closingClient(pgModule.Client),
        connectionString: this.connectionString,
        max: this.options.maxConnections,
        connectionTimeoutMillis: this.options.connectTimeoutMs,
        statement_timeout: this.options.statementTimeoutMs,
        idleTimeoutMillis: 10_000,
        application_name: "alpine",
      });
      // An idle connection the server dropped (a restart): the pool makes a new one at the next query.
      pool.on("error", () => undefined);
      return pool;
    });
    return this.poolMade;
  }

  /**
   * A client of the pool, held until `done`. While held, the pool no longer listens for its
   * 'error' event: a connection the server ends then (a restart) would throw it out of the
   * process. It is heard here instead (the statement in flight fails with it anyway), and a
   * client that had one, or whose statement failed, is not reused.
   */
  private async checkout(): Promise<{ client: pg.PoolClient; done(failure?: unknown): void }> {
    let client: pg.PoolClient;
    try {
      client = await (await this.pool()).connect();
    } catch (error) {
      throw translatePostgresError(error, this.server);
    }
    let lost: Error | null = null;
    const onError = (error: Error) => void (lost ??= error);
    client.on("error", onError);
    return {
      client,
      done(failure?: unknown) {
        client.removeListener("error", onError);
        const broken = lost ?? (failure === undefined ? undefined : failure instanceof Error ? failure : new Error(String(failure)));
        client.release(broken);
      },
    };
  }

  private async open(): Promise<PostgresMigrationOutcome> {
    const { client, done } = await this.checkout();
    let failure: unknown;
    try {
      return await migrateSchema(client, this.schemaName, this.s, POSTGRES_MIGRATIONS, this.server);
    } catch (error) {
      failure = error;
      throw translatePostgresError(error, this.server);
    } finally {
      done(failure);
    }
  }

  /** Open (and migrate) at the first operation; a server that was unreachable is tried again by the next one. */
  async usable(): Promise<PostgresMigrationOutcome> {
    if (this.closed) throw new PostgresStoreClosedError(this.server);
    if (this.schema) return this.schema;
    this.opening ??= this.open().then(
      (outcome) => (this.schema = outcome),
      (error: unknown) => {
        this.opening = null;
        throw error;
      },
    );
    return this.opening;
  }

  /** One statement (its own transaction), prepared once per connection by name when `name` is given. */
  readonly query = async (text: string, values: unknown[], name?: string, rowMode?: "array"): Promise<pg.QueryResult> => {
    await this.usable();
    try {
      return await (await this.pool()).query({ text, values, ...(name ? { name } : {}), ...(rowMode ? { rowMode } : {}) });
    } catch (error) {
      throw translatePostgresError(error, this.server);
    }
  };

  /**
   * One statement whose rows (arrays of column values) are handed to `onRow` as they arrive,
   * so the caller's work on each row overlaps the server still sending the next ones (a long
   * history is megabytes). An `onRow` that throws: the rest of the rows are read and dropped,
   * then the call rejects with that error.
   */
  readonly eachRow = async (text: string, values: unknown[], name: string, onRow: (row: unknown[]) => void): Promise<void> => {
    await this.usable();
    const { client, done } = await this.checkout();
    let failed: { error: unknown } | null = null;
    let queryError: unknown;
    try {
      await new Promise<void>((resolve, reject) => {
        const config: pg.QueryArrayConfig = { text, values, name, rowMode: "array" };
        const query = new this.QueryClass!(config);
        query.on("row", (row: unknown[]) => {
          if (failed) return;
          try {
            onRow(row);
          } catch (error) {
            failed = { error };
          }
        });
        query.on("end", () => resolve());
        query.on("error", (error: Error) => reject(error));
        client.query(query);
      });
    } catch (error) {
      queryError = error;
      throw translatePostgresError(error, this.server);
    } finally {
      // Like pool.query: a connection whose statement failed is not reused.
      done(queryError);
    }
    if (failed) throw (failed as { error: unknown }).error;
  };

  /** Several statements in one transaction on one connection; rolled back if `work` throws. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.usable();
    const { client, done } = await this.checkout();
    let broken: unknown;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackError: unknown) => (broken = rollbackError));
      throw translatePostgresError(error, this.server);
    } finally {
      done(broken);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.poolMade) await (await this.poolMade).end().catch(() => undefined);
  }
}

/**
 * The pool's client, which closes its socket when connecting fails. The pool drops such a
 * client without ending it, and a connection that failed mid-login (no password for the
 * server's SCRAM request) stays open on the server until its authentication timeout (a
 * minute), holding a slot and blocking DROP DATABASE; each retry would leave one more.
 */
function closingClient(Base: typeof pg.Client): typeof pg.Client {
  class ClosingClient extends Base {}
  const connect = Base.prototype.connect as (this: pg.Client, callback?: (error: Error | null) => void) => unknown;
  // The pool always connects with a callback; called without one, it is the base's own connect.
  ClosingClient.prototype.connect = function (this: pg.Client, callback?: (error: Error | null) => void) {
    if (!callback) return connect.call(this);
    connect.call(this, (error: Error | null) => {
      if (error) void this.end().catch(() => undefined);
      callback(error);
    });
  } as pg.Client["connect"];
  return ClosingClient;
}
