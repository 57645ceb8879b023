/**
 * Settings → Models: the providers the person added, each with its key (kept encrypted, never
 * sent to the window), a Test that says what failed, and the model provider a conversation's
 * run talks to. Anthropic is always there and stays the default; its key is the app's key.
 */
import { OpenAICompatibleProvider, type ModelProvider } from "../../agent";
import type { ProviderKind, ProvidersView, ProviderView } from "../../../shared/providers-types";
import { InvalidSettingError } from "../service-errors";
import type { ServiceGate } from "../service-gate";
import { PROVIDER_PRESETS, presetOf } from "./provider-presets";
import type { ProviderKeys } from "./provider-keys";
import type { ProviderConfig, ProvidersFile } from "./providers-file";

export interface ProviderInput {
  kind: ProviderKind;
  name?: string;
  baseURL?: string;
  apiKey?: string;
  models?: string[];
}

/** A conversation's provider that is no longer in Settings → Models. */
export class ProviderNotFoundError extends InvalidSettingError {
  constructor(readonly providerId: string) {
    super(`The provider "${providerId}" of this conversation is no longer in Settings → Models. Choose another model for this conversation, or add the provider again.`);
    this.name = "ProviderNotFoundError";
  }
}

export class ProvidersService {
  /** Changes one at a time: a key is written (awaited) between reading the list and saving it. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: ProvidersFile,
    private readonly keys: ProviderKeys,
    private readonly gate: ServiceGate,
  ) {}

  view(): ProvidersView {
    const problem = this.file.problem;
    return { providers: this.file.list().map((p) => this.viewOf(p)), presets: PROVIDER_PRESETS, ...(problem ? { problem } : {}) };
  }

  add(input: ProviderInput): Promise<ProvidersView> {
    return this.oneAtATime(() => this.addNow(input));
  }

  private async addNow(input: ProviderInput): Promise<ProvidersView> {
    this.gate.assertOpen();
    const preset = presetOf(input.kind);
    const baseURL = (input.baseURL ?? preset.baseURL).trim().replace(/\/+$/, "");
    if (!/^https?:\/\/\S+$/.test(baseURL)) throw new InvalidSettingError(`A provider needs a base URL starting with http:// or https:// (e.g. http://localhost:11434/v1), not "${baseURL}".`);
    const list = this.file.list();
    const config: ProviderConfig = { id: uniqueId(input.name ?? preset.name, list), kind: input.kind, name: (input.name ?? preset.name).trim(), baseURL, models: cleanModels(input.models ?? []) };
    if (input.apiKey) await this.keys.set(config.id, checkedKey(input.apiKey)); // the key written first: a crash between leaves an unused key, not a provider without it
    this.file.save([...list, config]);
    return this.view();
  }

  edit(id: string, change: { name?: string; baseURL?: string; models?: string[] }): Promise<ProvidersView> {
    return this.oneAtATime(() => this.editNow(id, change));
  }

  private editNow(id: string, change: { name?: string; baseURL?: string; models?: string[] }): ProvidersView {
    this.gate.assertOpen();
    const list = this.file.list();
    const config = list.find((p) => p.id === id);
    if (!config) throw new ProviderNotFoundError(id);
    if (change.name !== undefined) config.name = change.name.trim() || config.name;
    if (change.baseURL !== undefined) config.baseURL = change.baseURL.trim().replace(/\/+$/, "");
    if (change.models !== undefined) config.models = cleanModels(change.models);
    this.file.save(list);
    return this.view();
  }

  setKey(id: string, apiKey: string): Promise<ProvidersView> {
    return this.oneAtATime(async () => {
      this.gate.assertOpen();
      if (!this.file.get(id)) throw new ProviderNotFoundError(id);
      await this.keys.set(id, apiKey.trim() === "" ? null : checkedKey(apiKey));
      return this.view();
    });
  }

  remove(id: string): Promise<ProvidersView> {
    return this.oneAtATime(async () => {
      this.gate.assertOpen();
      this.file.save(this.file.list().filter((p) => p.id !== id));
      await this.keys.set(id, null);
      return this.view();
    });
  }

  private oneAtATime<T>(change: () => Promise<T> | T): Promise<T> {
    const done = this.changes.then(change);
    this.changes = done.catch(() => undefined);
    return done;
  }

  config(id: string): ProviderConfig {
    const config = this.file.get(id);
    if (!config) throw new ProviderNotFoundError(id);
    return config;
  }

  list(): ProviderConfig[] {
    return this.file.list();
  }

  /** The model provider of an added provider, with its key. */
  modelProvider(id: string, options: { timeoutMs?: number; maxRetries?: number } = {}): OpenAICompatibleProvider {
    const config = this.config(id);
    return new OpenAICompatibleProvider({
      baseURL: config.baseURL,
      apiKey: this.keys.get(id),
      serverName: config.name,
      ...options,
      // OpenRouter asks apps to name themselves.
      ...(config.kind === "openrouter" ? { headers: { "X-Title": "Alpine" } } : {}),
    });
  }

  private viewOf(config: ProviderConfig): ProviderView {
    return { ...config, hasKey: this.keys.get(config.id) !== null };
  }
}

export type { ModelProvider };

function checkedKey(key: string): string {
  const trimmed = key.trim();
  if (/\s/.test(trimmed)) throw new InvalidSettingError("An API key has no spaces or line breaks. Paste it again, exactly as the provider shows it.");
  return trimmed;
}

function cleanModels(models: string[]): string[] {
  return [...new Set(models.map((m) => m.trim()).filter((m) => m !== ""))];
}

/** An id from the name ("LM Studio" → "lm-studio"), unique among the providers and never "anthropic". */
function uniqueId(name: string, taken: ProviderConfig[]): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 50) || "provider";
  const used = new Set([...taken.map((p) => p.id), "anthropic"]);
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  return id;
}
