/**
 * Opening the store under test by kind, and closing it when it has something to close.
 */
import { FileStore, SqliteStore, type Store } from "../src/main/agent";
import type { StoreKind } from "./tally";

export const STORE_KINDS: StoreKind[] = ["sqlite", "file"];

export function openStore(kind: StoreKind, location: string): Store {
  return kind === "sqlite" ? new SqliteStore(location) : new FileStore(location);
}

export function closeStore(store: Store): void {
  (store as { close?: () => void }).close?.();
}

/** Where a campaign keeps one store's data inside its scratch folder. */
export const storeLocation = (kind: StoreKind, folder: string) => (kind === "sqlite" ? `${folder}/conversations.db` : `${folder}/runs`);
