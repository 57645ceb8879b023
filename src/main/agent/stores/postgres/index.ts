/** PostgresStore: every State in a PostgreSQL database shared by several machines, with fenced leases. */
export { PostgresStore, type PostgresStoreOptions } from "./postgres-store";
export { PostgresMigrationError, PostgresPasswordMissingError, PostgresStoreClosedError, PostgresUnreachableError, isMissingPassword } from "./postgres-errors";
export type { PostgresMigrationOutcome } from "./migrate";
export type { StoreChange, StoreWatch, StoreWatchListener } from "./postgres-watch";
export type { LiveLease } from "./postgres-lease";
