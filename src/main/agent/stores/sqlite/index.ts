/** SqliteStore: every State in one SQLite database, with numbered migrations and full-text search. */
export {
  SqliteStore,
  type IntegrityCheck,
  type SalvagedConversation,
  type SearchOptions,
  type SearchPage,
  type SearchResult,
  type SnippetMark,
  type SqliteSettings,
  type SqliteStoreOptions,
  type Synchronous,
} from "./sqlite-store";
export { DatabaseBusyError, MigrationFailedError, StoreClosedError } from "./sqlite-errors";
