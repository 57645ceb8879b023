/**
 * The API key kept with Electron's safeStorage (the system keychain's key): encrypted
 * in a file of the data folder, readable by its owner only (0600). The key is decrypted
 * once at start and held in memory; a new key is encrypted and written in the
 * background, and `flush()` waits for that (the quit sequence calls it).
 */
import fs from "node:fs";
import { safeStorage } from "electron";
import { writeFileAtomicSync } from "../agent";
import type { SecretKeeper } from "../service/secret-keeper";

export class SafeStorageSecretKeeper implements SecretKeeper {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private key: string | null,
  ) {}

  /** Read and decrypt the stored key; a missing or undecryptable file means no key (the app still opens). */
  static async open(file: string): Promise<SafeStorageSecretKeeper> {
    let key: string | null = null;
    if (fs.existsSync(file)) {
      try {
        key = (await safeStorage.decryptStringAsync(fs.readFileSync(file))).result || null;
      } catch (error) {
        console.error(`The stored API key could not be decrypted (${(error as Error).message}); set it again in Settings.`);
      }
    }
    return new SafeStorageSecretKeeper(file, key);
  }

  get(): string | null {
    return this.key;
  }

  set(key: string | null): void {
    this.key = key;
    this.writing = this.writing.then(async () => {
      try {
        if (key === null) fs.rmSync(this.file, { force: true });
        else writeFileAtomicSync(this.file, await safeStorage.encryptStringAsync(key));
      } catch (error) {
        console.error(`The API key could not be stored (${(error as Error).message}); it is kept until Alpine quits.`);
      }
    });
  }

  /** Resolves once the last change is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }
}

/** A key set in Settings wins; without one, ANTHROPIC_API_KEY from the environment is used (as the SDK would). */
export function withEnvironmentFallback(keeper: SecretKeeper, env: NodeJS.ProcessEnv = process.env): SecretKeeper {
  return {
    get: () => keeper.get() ?? (env.ANTHROPIC_API_KEY?.trim() || null),
    set: (key) => keeper.set(key),
  };
}
