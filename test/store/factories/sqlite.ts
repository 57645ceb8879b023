/** Opens SqliteStore for the conformance suite and its child processes. */
import { SqliteStore } from "../../../src/main/agent/stores/sqlite/sqlite-store";

export const makeStore = (location: string) => new SqliteStore(location);
