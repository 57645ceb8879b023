/**
 * Opening the store under test by kind, and closing it when it has something to close.
 * PostgresStore runs on the server named by ALPINE_TORTURE_PG_URL (the campaign sets it),
 * each campaign's runs of a kind in one schema of their own.
 */
import { createHash } from "node:crypto";
import { FileStore, PostgresStore, SqliteStore, type Store } from "../src/main/agent";
import type { StoreKind } from "./tally";

/** The stores of the short campaign run by `npm test` (PostgresStore has its own: test/torture/postgres-campaign.test.ts). */
export const STORE_KINDS: StoreKind[] = ["sqlite", "file"];
export const PG_URL_VARIABLE = "ALPINE_TORTURE_PG_URL";

export function openStore(kind: StoreKind, location: string): Store {
  if (kind === "sqlite") return new SqliteStore(location);
  if (kind === "file") return new FileStore(location);
  const url = process.env[PG_URL_VARIABLE];
  if (!url) throw new Error(`${PG_URL_VARIABLE} is not set: the campaign names the PostgreSQL server the runs use`);
  return new PostgresStore(url, { schema: location, connectTimeoutMs: 3_000 });
}

export function closeStore(store: Store): void {
  void (store as { close?: () => unknown }).close?.();
}

/** Where a campaign keeps one store's data inside its scratch folder (for PostgresStore: a schema named after it). */
export const storeLocation = (kind: StoreKind, folder: string) =>
  kind === "sqlite"
    ? `${folder}/conversations.db`
    : kind === "file"
      ? `${folder}/runs`
      : `torture_${createHash("sha256").update(folder).digest("hex").slice(0, 20)}`;
