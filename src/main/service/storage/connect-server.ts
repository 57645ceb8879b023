/**
 * Open a PostgresStore and prove it works before anything switches to it: connect, bring the
 * schema up to date. A failure closes it and says in words what went wrong (the password,
 * the address, TLS, the database) and what to do.
 */
import { PostgresPasswordMissingError, PostgresStore, PostgresUnreachableError, SchemaTooNewError, isMissingPassword } from "../../agent";
import { StorageConnectionError } from "./storage-errors";

export interface ServerStoreOptions {
  /** How long a connection may take (default 5 s). */
  connectTimeoutMs?: number;
  /** How long a run's lease lasts without a heartbeat (default 5 s): how soon a machine that stopped frees its conversation. */
  leaseDurationMs?: number;
}

export function serverStore(connection: string, options: ServerStoreOptions = {}): PostgresStore {
  return new PostgresStore(connection, { connectTimeoutMs: options.connectTimeoutMs ?? 5_000, leaseDurationMs: options.leaseDurationMs ?? 5_000 });
}

export async function connectServer(connection: string, options: ServerStoreOptions = {}): Promise<PostgresStore> {
  const store = serverStore(connection, options);
  try {
    await store.open();
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new StorageConnectionError(explainConnectionFailure(error, store.server), { cause: error });
  }
}

const TLS_CODES = new Set([
  "SELF_SIGNED_CERT_IN_CHAIN", "DEPTH_ZERO_SELF_SIGNED_CERT", "UNABLE_TO_VERIFY_LEAF_SIGNATURE", "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "ERR_TLS_CERT_ALTNAME_INVALID", "CERT_HAS_EXPIRED", "EPROTO", "ERR_SSL_WRONG_VERSION_NUMBER",
]);

function causeOf(error: unknown): { code?: string; message: string } {
  const inner = error instanceof PostgresUnreachableError ? (error.cause ?? error) : error;
  return { code: (inner as { code?: string } | null)?.code, message: inner instanceof Error ? inner.message : String(inner) };
}

export function explainConnectionFailure(error: unknown, server: string): string {
  if (error instanceof SchemaTooNewError) return `${error.message} Update Alpine on this computer to use this server.`;
  const { code, message } = causeOf(error);
  const base = `Could not use the PostgreSQL server ${server}:`;
  if (isMissingPassword(error)) return `${base} the server asks for a password, and none was given. Type the password of this user in the Password field.`;
  if (code === "28P01") return `${base} the server refused the password (${message}). Check the user name and the password.`;
  // A server that accepts only TLS refuses a plain connection with 28000 too: named first.
  if (/no pg_hba.conf entry.*no encryption/i.test(message)) return `${base} the server only accepts TLS connections. Choose "Require TLS" or "Verify the certificate".`;
  if (code === "28000") return `${base} the server refused this user or this computer (${message}). Ask the server's administrator to allow it (pg_hba.conf).`;
  if (code === "3D000") return `${base} ${message}. Check the database name at the end of the connection string.`;
  if (/does not support SSL/i.test(message)) return `${base} the server does not accept TLS connections. Choose "No TLS", or turn TLS on at the server.`;
  if ((code && TLS_CODES.has(code)) || /certificate|SSL|TLS/i.test(message)) {
    return `${base} the TLS connection failed (${message}). Give the certificate authority file that signed the server's certificate, or check the server's name.`;
  }
  if (code === "ENOENT" && /sslrootcert|\.pem|\.crt/i.test(message)) return `${base} the certificate authority file cannot be read (${message}).`;
  if (error instanceof PostgresUnreachableError || ["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "EAI_AGAIN"].includes(code ?? "")) {
    return `${base} the server could not be reached (${message}). Check the host name and port, and that the server is running and accepts connections from this computer.`;
  }
  return `${base} ${message}`;
}

/** The PostgreSQL server in use cannot be used now: it cannot be reached, or it asks for a password there is none of. */
export function isServerUnusable(error: unknown): boolean {
  return error instanceof PostgresUnreachableError || error instanceof PostgresPasswordMissingError;
}
