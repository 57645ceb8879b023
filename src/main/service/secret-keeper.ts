/**
 * Where the API key lives. The service only ever asks for it when it creates a model
 * client; it is never part of a view sent to the window. In the app it is kept with
 * Electron's safeStorage (src/main/electron/secrets.ts); under Node, in memory.
 */
export interface SecretKeeper {
  get(): string | null;
  /** `null` forgets the key. */
  set(key: string | null): void;
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
}
