/**
 * Changes made by any machine, as they commit: one connection of its own LISTENs on the
 * channel the schema's triggers announce on (migration 3), and tells the listener which
 * conversation or lease changed. A lost connection is reported and made again, with a
 * growing pause, until `close()`; changes made while it was away are not replayed, so the
 * listener reloads what it shows when it hears `connected` again.
 */
import type pg from "pg";
import { CHANGES_CHANNEL } from "./migrations";

export interface StoreChange {
  /** A conversation's row (a create, a save, a rename, a delete) or a run's lease. */
  kind: "conversation" | "lease";
  op: "insert" | "update" | "delete";
  /** The State's id. */
  id: string;
}

export interface StoreWatchListener {
  change(change: StoreChange): void;
  /** The watch connection is up (true) or lost (false, with why). */
  status(connected: boolean, error?: Error): void;
}

export interface StoreWatch {
  close(): Promise<void>;
}

export interface WatchOptions {
  connectTimeoutMs: number;
  /** Longest pause between attempts to connect again (default 5 s). */
  maxRetryMs?: number;
}

export function watchChanges(connectionString: string, schemaName: string, listener: StoreWatchListener, options: WatchOptions): StoreWatch {
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;

  const lost = (error: Error) => {
    if (client) client.removeAllListeners("end");
    client?.end().catch(() => undefined);
    client = null;
    if (closed) return;
    if (connected || retryMs === 250) listener.status(false, error);
    connected = false;
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, options.maxRetryMs ?? 5_000);
  };

  const connect = async () => {
    timer = null;
    if (closed) return;
    // Loaded here, not at the module's import: an app on its local database never loads pg.
    const { default: pgModule } = await import("pg");
    if (closed) return;
    const next = new pgModule.Client({ connectionString, connectionTimeoutMillis: options.connectTimeoutMs, keepAlive: true, application_name: "alpine-watch" });
    client = next;
    next.on("error", (error) => client === next && lost(error));
    next.on("end", () => client === next && lost(new Error("the server closed the connection")));
    next.on("notification", (message) => {
      const change = parseChange(message.payload, schemaName);
      if (change) listener.change(change);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) return void next.end().catch(() => undefined);
    retryMs = 250;
    connected = true;
    listener.status(true);
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

function parseChange(payload: string | undefined, schemaName: string): StoreChange | null {
  try {
    const value = JSON.parse(payload ?? "") as { schema?: unknown; kind?: unknown; op?: unknown; id?: unknown };
    if (value.schema !== schemaName || typeof value.id !== "string") return null;
    if (value.kind !== "conversation" && value.kind !== "lease") return null;
    if (value.op !== "insert" && value.op !== "update" && value.op !== "delete") return null;
    return { kind: value.kind, op: value.op, id: value.id };
  } catch {
    return null;
  }
}
