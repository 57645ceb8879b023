/**
 * The model providers the person added (OpenAI, OpenRouter, Ollama, LM Studio, any other
 * OpenAI-compatible server), in providers.json (format version 1) in the data folder,
 * replaced atomically on every change. Keys are not here: they are kept encrypted by the
 * provider keys' SecretKeeper, like the Anthropic key. A garbled file is moved aside (no
 * providers, the app opens); a newer version's file is read as far as it can be and never
 * rewritten (changes are refused until Alpine is updated).
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../../agent";
import { NewerFileVersionError } from "../service-errors";
import { readVersionedJson } from "../versioned-json";
import type { ProviderKind } from "../../../shared/providers-types";

export const PROVIDERS_FILE_NAME = "providers.json";
export const PROVIDERS_VERSION = 1;

export interface ProviderConfig {
  id: string;
  kind: ProviderKind;
  name: string;
  baseURL: string;
  /** Model names typed by the person. */
  models: string[];
}

const providerSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,64}$/),
    kind: z.enum(["openai", "openrouter", "ollama", "lmstudio", "custom"]),
    name: z.string().min(1),
    baseURL: z.string().regex(/^https?:\/\//),
    models: z.array(z.string()).default([]),
  })
  .passthrough();
const fileSchema = z.object({ version: z.number().int().min(1), providers: z.array(providerSchema).default([]) }).passthrough();

export class ProvidersFile {
  readonly file: string;
  private providers: ProviderConfig[] = [];
  private newerVersion: number | null = null;
  private problemText: string | null = null;

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, PROVIDERS_FILE_NAME);
    const read = readVersionedJson(this.file, { version: PROVIDERS_VERSION, schema: fileSchema, what: "providers file" });
    if (read.status === "current") this.providers = read.value.providers.map(configOf);
    else if (read.status === "newer") {
      this.newerVersion = read.version;
      this.providers = (read.known?.providers ?? []).map(configOf);
      this.problemText = `The providers file ${this.file} is from a newer version of Alpine (version ${read.version}). It is left unchanged, and providers cannot be changed until Alpine is updated.`;
    } else if (read.status === "garbled") {
      const aside = `${this.file}.unreadable-${Date.now()}`;
      fs.renameSync(this.file, aside);
      this.problemText = `The providers file could not be read (${read.reason}), so Alpine started without the added providers. The old file was kept as ${aside}.`;
    }
  }

  list(): ProviderConfig[] {
    return this.providers.map((p) => ({ ...p, models: [...p.models] }));
  }

  get(id: string): ProviderConfig | null {
    const found = this.providers.find((p) => p.id === id);
    return found ? { ...found, models: [...found.models] } : null;
  }

  get problem(): string | null {
    return this.problemText;
  }

  /** Write the whole list atomically. */
  save(providers: ProviderConfig[]): void {
    if (this.newerVersion !== null) throw new NewerFileVersionError("providers", this.file, this.newerVersion, PROVIDERS_VERSION);
    writeFileAtomicSync(this.file, JSON.stringify({ version: PROVIDERS_VERSION, providers }, null, 2) + "\n");
    this.providers = providers.map((p) => ({ ...p, models: [...p.models] }));
  }
}

function configOf(parsed: z.infer<typeof providerSchema>): ProviderConfig {
  return { id: parsed.id, kind: parsed.kind, name: parsed.name, baseURL: parsed.baseURL, models: parsed.models };
}
