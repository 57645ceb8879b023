/**
 * The providers' API keys, all in one SecretKeeper (in the app: encrypted with Electron's
 * safeStorage, like the Anthropic key) as a JSON map from provider id to key. Never part of
 * a view sent to the window.
 */
import type { SecretKeeper } from "../settings/secret-keeper";

export class ProviderKeys {
  constructor(private readonly secrets: SecretKeeper) {}

  get(id: string): string | null {
    return this.all()[id] ?? null;
  }

  /** null or "" forgets the key. Resolves once it is written (the app's keeper writes in the background). */
  async set(id: string, key: string | null): Promise<void> {
    const keys = this.all();
    if (key) keys[id] = key;
    else delete keys[id];
    this.secrets.set(Object.keys(keys).length > 0 ? JSON.stringify(keys) : null);
    await this.secrets.flush?.();
  }

  private all(): Record<string, string> {
    let stored: string | null = null;
    try {
      stored = this.secrets.get();
    } catch {
      return {};
    }
    if (!stored) return {};
    try {
      const parsed: unknown = JSON.parse(stored);
      if (!parsed || typeof parsed !== "object") return {};
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
    } catch {
      return {};
    }
  }
}
