/** Every store is held to the same Store contract. */
import path from "node:path";
import { describeStoreConformance } from "./conformance";
import { describeBranchConformance } from "./branch-conformance";
import { describeSearchConformance } from "./search-conformance";
import { makeStore as makeAsyncJsonStore } from "./factories/async-json";
import { makeStore as makeFileStore } from "./factories/file";
import { makeStore as makePostgresStore } from "./factories/postgres";
import { makeStore as makeSqliteStore } from "./factories/sqlite";

const factories = path.join(path.dirname(new URL(import.meta.url).pathname), "factories");

describeStoreConformance("SqliteStore", makeSqliteStore, {
  factory: path.join(factories, "sqlite.ts"),
  location: (folder) => path.join(folder, "data", "alpine.sqlite3"),
  ownerOnlyFiles: true,
  crossProcessLease: true,
});

describeStoreConformance("FileStore", makeFileStore, {
  factory: path.join(factories, "file.ts"),
  location: (folder) => path.join(folder, "runs"),
  ownerOnlyFiles: true,
  crossProcessLease: true,
});

describeStoreConformance("an async-only store", makeAsyncJsonStore, {
  factory: path.join(factories, "async-json.ts"),
  location: (folder) => path.join(folder, "states"),
  ownerOnlyFiles: true,
  crossProcessLease: false,
});

describeBranchConformance("SqliteStore", makeSqliteStore, (folder) => path.join(folder, "data", "alpine.sqlite3"));
describeBranchConformance("FileStore", makeFileStore, (folder) => path.join(folder, "runs"));
describeBranchConformance("an async-only store", makeAsyncJsonStore, (folder) => path.join(folder, "states"));
describeSearchConformance("SqliteStore", makeSqliteStore, (folder) => path.join(folder, "data", "alpine.sqlite3"));
describeSearchConformance("FileStore", makeFileStore, (folder) => path.join(folder, "runs"));
describeSearchConformance("an async-only store", makeAsyncJsonStore, (folder) => path.join(folder, "states"));

describeStoreConformance("PostgresStore", makePostgresStore, {
  factory: path.join(factories, "postgres.ts"),
  location: (folder) => folder,
  ownerOnlyFiles: false,
  crossProcessLease: true,
});
describeBranchConformance("PostgresStore", makePostgresStore, (folder) => folder);
describeSearchConformance("PostgresStore", makePostgresStore, (folder) => folder);
