/**
 * Where the API key lives. The service only ever asks for it when it creates a model
 * client; it is never part of a view sent to the window. In the app it is kept with
 * Electron's safeStorage (src/main/electron/secrets.ts); under Node, in memory.
 */
import type { KeyStorageView } from "../../../shared/view-types";

export interface SecretKeeper {
  get(): string | null;
  /** `null` forgets the key. */
  set(key: string | null): void;
  /** How the key is protected, for settings (a keeper that does not say is taken to be memory only). */
  storage?(): KeyStorageView;
  /**
   * `true`: keep the key in memory only (the stored copy is removed, the key is asked for again
   * at the next start); `false`: store it again, encrypted.
   */
  setMemoryOnly?(memoryOnly: boolean): void;
  /** Resolves once every change set before is on disk (a keeper that writes in the background); never rejects. */
  flush?(): Promise<void>;
}

/** A key held in memory only: for tests and the test host. */
export class MemorySecretKeeper implements SecretKeeper {
  constructor(private key: string | null = null) {}

  get(): string | null {
    return this.key;
  }

  set(key: string | null): void {
    this.key = key;
  }

  storage(): KeyStorageView {
    return { protection: "memory-only", backend: null, memoryOnly: true, canStoreOnDisk: false };
  }
}
