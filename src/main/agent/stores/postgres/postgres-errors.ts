/** Errors of PostgresStore beyond the library's shared ones, and the translation of the server's errors. */
import { AgentError } from "../../errors";

/** A PostgresStore used after `close()`. */
export class PostgresStoreClosedError extends AgentError {
  constructor(readonly server: string) {
    super(`The PostgresStore on ${server} is closed. Make a new PostgresStore to use that server again.`);
  }
}

/** The server could not be reached, or the connection broke during an operation. Nothing it did not acknowledge was kept. */
export class PostgresUnreachableError extends AgentError {
  constructor(readonly server: string, options: { cause: unknown }) {
    super(
      `The PostgreSQL server ${server} could not be reached (${describeCause(options.cause)}). ` +
        "Nothing was lost: what was saved before stays saved, and the operation can be tried again once the server is back.",
      options,
    );
  }
}

/**
 * The server asks for a password and the connection string gives none (the driver says
 * "client password must be a string"): no network failure, a setting to fill in.
 */
export class PostgresPasswordMissingError extends AgentError {
  constructor(readonly server: string, options: { cause: unknown }) {
    super(`The PostgreSQL server ${server} asks for a password, and none was given. Give the password of the user in the connection string.`, options);
  }
}

/** A numbered migration that failed; its transaction was rolled back, so the schema kept its version. */
export class PostgresMigrationError extends AgentError {
  constructor(readonly server: string, readonly version: number, options: { cause: unknown }) {
    super(
      `Upgrading the schema on ${server} to version ${version} failed: ${describeCause(options.cause)}. ` +
        "The upgrade was rolled back and the schema keeps its earlier version.",
      options,
    );
  }
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message || cause.name : String(cause);
}

/** Error codes of a lost or refused connection (Node's and the server's). */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN",
  "57P01", "57P02", "57P03", // admin shutdown, crash shutdown, cannot connect now
  "08000", "08003", "08006", "08001", "08004",
]);

export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i.test(message);
}

/** The driver's words when the server asks for a password and there is none (SCRAM, or a password callback). */
export function isMissingPassword(error: unknown): boolean {
  if (error instanceof PostgresPasswordMissingError) return true;
  const message = error instanceof Error ? error.message : "";
  return /client password must be a string|^Password must be a string/i.test(message);
}

/** The library's error for a failure of the server or the connection; other errors pass through. */
export function translatePostgresError(error: unknown, server: string): unknown {
  if (error instanceof AgentError) return error;
  if (isMissingPassword(error)) return new PostgresPasswordMissingError(server, { cause: error });
  if (isUnreachable(error)) return new PostgresUnreachableError(server, { cause: error });
  return error;
}
