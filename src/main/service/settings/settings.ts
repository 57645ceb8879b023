/**
 * Settings as the window sees them: model, system prompt, folder, and whether a key is
 * set. The key itself only goes in (to the SecretKeeper), never out.
 */
import type { KeyStorageView, SettingsView } from "../../../shared/view-types";
import type { SecretKeeper } from "./secret-keeper";
import type { ServiceGate } from "../service-gate";
import { InvalidSettingError, SecretStorageError } from "../service-errors";
import type { Settings, SettingsChange, SettingsFile } from "./settings-file";
import { ANTHROPIC_PROVIDER_ID } from "../../../shared/providers-types";
import { type LanguageCode, resolveLanguage } from "../../../shared/languages";
import { processLanguages } from "./process-languages";

/** Asks the person for a folder (a native dialog in the app); null when they cancel. */
export type FolderChooser = () => Promise<string | null>;

export class SettingsService {
  constructor(
    private readonly file: SettingsFile,
    private readonly secrets: SecretKeeper,
    private readonly gate: ServiceGate,
    private readonly chooser: FolderChooser | null,
    private readonly systemLanguages: () => readonly string[] = processLanguages,
    /** Whether Settings → Models has a provider of this id. */
    private readonly providerExists: (id: string) => boolean = () => false,
  ) {}

  /** The language shown now: the person's choice, else the system's first supported one. */
  language(): LanguageCode {
    return resolveLanguage(this.file.get().language, this.systemLanguages());
  }

  current(): Settings {
    return this.file.get();
  }

  view(): SettingsView {
    const problem = this.file.problem;
    const settings = this.file.get();
    const removed = settings.defaultProvider !== null && !this.providerExists(settings.defaultProvider);
    return { ...settings, defaultProviderRemoved: removed, hasApiKey: this.hasApiKey(), keyStorage: this.keyStorage(), ...(problem ? { problem } : {}) };
  }

  update(change: SettingsChange): SettingsView {
    this.gate.assertOpen();
    // Only a provider of Settings → Models can be the default (Anthropic is "anthropic" or null).
    const id = change.defaultProvider;
    if (id && id !== ANTHROPIC_PROVIDER_ID && !this.providerExists(id)) {
      throw new InvalidSettingError(`"${id.slice(0, 64)}" is not a provider in Settings → Models, so it cannot be the default for new conversations. Add it first, or choose one of the list.`);
    }
    this.file.update(change);
    return this.view();
  }


  /** An empty key forgets the stored one. */
  setApiKey(apiKey: string): SettingsView {
    this.gate.assertOpen();
    const key = apiKey.trim();
    if (/\s/.test(key)) throw new InvalidSettingError("An API key has no spaces or line breaks. Paste it again, exactly as shown by Anthropic.");
    try {
      this.secrets.set(key === "" ? null : key);
    } catch (error) {
      if (error instanceof InvalidSettingError || error instanceof SecretStorageError) throw error;
      throw new SecretStorageError(`The API key could not be stored: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
    return this.view();
  }

  /** Keep the key out of the disk (memory only), or store it encrypted again. */
  setKeyMemoryOnly(memoryOnly: boolean): SettingsView {
    this.gate.assertOpen();
    if (!this.secrets.setMemoryOnly) throw new InvalidSettingError("Here the API key is always kept in memory only; there is nothing to change.");
    try {
      this.secrets.setMemoryOnly(memoryOnly);
    } catch (error) {
      throw new SecretStorageError(`How the API key is kept could not be changed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    }
    return this.view();
  }

  keyStorage(): KeyStorageView {
    return this.secrets.storage?.() ?? { protection: "memory-only", backend: null, memoryOnly: true, canStoreOnDisk: false };
  }

  async chooseFolder(): Promise<SettingsView> {
    this.gate.assertOpen();
    if (!this.chooser) throw new InvalidSettingError("This window cannot open a folder dialog; type the folder's full path in Settings instead.");
    const folder = await this.chooser();
    return folder === null ? this.view() : this.update({ folder });
  }

  hasApiKey(): boolean {
    try {
      return Boolean(this.secrets.get());
    } catch {
      return false;
    }
  }
}
