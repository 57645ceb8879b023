/**
 * The API key kept with Electron's safeStorage (the system keychain's key): encrypted
 * in a file of the data folder, readable by its owner only (0600). The key is decrypted
 * once at start and held in memory; a new key is encrypted and written in the
 * background, and `flush()` waits for that (the quit sequence calls it).
 *
 * On Linux without a keyring safeStorage falls back to its `basic_text` backend: the
 * stored key is then only obfuscated, and settings say so. The person may keep the key
 * out of the disk altogether (memory only, remembered by a marker file); it is then asked
 * for again at each start. When the system asks for it (the keychain's key was rotated,
 * `decryptStringAsync`'s `shouldReEncrypt`), the key is encrypted again at start.
 */
import fs from "node:fs";
import { safeStorage } from "electron";
import { writeFileAtomicSync } from "../agent";
import type { SecretKeeper } from "../service/settings/secret-keeper";
import type { KeyStorageView } from "../../shared/view-types";

/** Next to the key file: its presence means "keep the key in memory only". */
export const memoryOnlyMarker = (file: string) => `${file}.memory-only`;

export class SafeStorageSecretKeeper implements SecretKeeper {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private key: string | null,
    private memoryOnly: boolean,
    private readonly encryption: { available: boolean; backend: string | null },
  ) {}

  /** Read and decrypt the stored key; a missing or undecryptable file means no key (the app still opens). */
  static async open(file: string): Promise<SafeStorageSecretKeeper> {
    const memoryOnly = fs.existsSync(memoryOnlyMarker(file));
    const available = await encryptionAvailable();
    const keeper = new SafeStorageSecretKeeper(file, null, memoryOnly, { available, backend: linuxBackend() });
    if (!memoryOnly && fs.existsSync(file)) await keeper.readStoredKey();
    return keeper;
  }

  get(): string | null {
    return this.key;
  }

  set(key: string | null): void {
    this.key = key;
    if (!this.memoryOnly) this.store(key);
  }

  storage(): KeyStorageView {
    const { available, backend } = this.encryption;
    const protection = this.memoryOnly ? "memory-only" : !available ? "unavailable" : backend === "basic_text" ? "obfuscated" : "keychain";
    return { protection, backend, memoryOnly: this.memoryOnly, canStoreOnDisk: available };
  }

  setMemoryOnly(memoryOnly: boolean): void {
    if (memoryOnly === this.memoryOnly) return;
    this.memoryOnly = memoryOnly;
    const marker = memoryOnlyMarker(this.file);
    if (memoryOnly) {
      writeFileAtomicSync(marker, "The API key is kept in memory only; Alpine asks for it at each start.\n");
      this.store(null);
    } else {
      fs.rmSync(marker, { force: true });
      this.store(this.key);
    }
  }

  /** Resolves once the last change is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private async readStoredKey(): Promise<void> {
    try {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(fs.readFileSync(this.file));
      this.key = result || null;
      // The system's key changed (rotated, or a stronger one is available): store it under the new one.
      if (shouldReEncrypt && this.key) this.store(this.key);
    } catch (error) {
      console.error(`The stored API key could not be decrypted (${(error as Error).message}); set it again in Settings.`);
    }
  }

  /** Write (or remove, for null) the stored key after the writes before it. */
  private store(key: string | null): void {
    this.writing = this.writing.then(async () => {
      try {
        if (key === null) fs.rmSync(this.file, { force: true });
        else writeFileAtomicSync(this.file, await safeStorage.encryptStringAsync(key));
      } catch (error) {
        console.error(`The API key could not be stored (${(error as Error).message}); it is kept until Alpine quits.`);
      }
    });
  }
}

async function encryptionAvailable(): Promise<boolean> {
  try {
    return await safeStorage.isAsyncEncryptionAvailable();
  } catch {
    return false;
  }
}

/** The secret store safeStorage uses on Linux (known once encryption is initialised); null elsewhere. */
function linuxBackend(): string | null {
  if (process.platform !== "linux") return null;
  try {
    return safeStorage.getSelectedStorageBackend();
  } catch {
    return "unknown";
  }
}

/** A key set in Settings wins; without one, ANTHROPIC_API_KEY from the environment is used (as the SDK would). */
export function withEnvironmentFallback(keeper: SecretKeeper, env: NodeJS.ProcessEnv = process.env): SecretKeeper {
  return {
    get: () => keeper.get() ?? (env.ANTHROPIC_API_KEY?.trim() || null),
    set: (key) => keeper.set(key),
    ...(keeper.storage ? { storage: () => keeper.storage!() } : {}),
    ...(keeper.setMemoryOnly ? { setMemoryOnly: (memoryOnly: boolean) => keeper.setMemoryOnly!(memoryOnly) } : {}),
  };
}
