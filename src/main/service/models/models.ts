/**
 * The models the picker offers: the Models API's list when it can be reached (with the
 * person's key), else a built-in list of current models. The answer says which it is.
 */
import { createModelClient, type ModelClientOptions } from "./model-client";
import type { SecretKeeper } from "../settings/secret-keeper";
import { ModelNames } from "./model-names";

export interface ModelChoice {
  id: string;
  name: string;
}

export const BUILT_IN_MODELS: ModelChoice[] = [
  { id: "claude-opus-4-5", name: "Claude Opus 4.5" },
  { id: "claude-sonnet-4-6", name: "Claude Sonnet 4.6" },
  { id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5" },
  { id: "claude-haiku-4-5", name: "Claude Haiku 4.5" },
];

export class ModelList {
  /** The names models were last listed by (kept across launches), for a picker shown before the list. */
  readonly names: ModelNames;

  constructor(
    private readonly secrets: SecretKeeper,
    private readonly client: ModelClientOptions,
    dataFolder: string,
  ) {
    this.names = new ModelNames(dataFolder, BUILT_IN_MODELS);
  }

  async list(): Promise<{ models: ModelChoice[]; source: "api" | "built-in" }> {
    const apiKey = this.secrets.get();
    if (!apiKey) return { models: BUILT_IN_MODELS, source: "built-in" };
    try {
      const client = await createModelClient(apiKey, { ...this.client, maxRetries: 0 });
      const models: ModelChoice[] = [];
      for await (const model of client.models.list({ limit: 100 }, { timeout: 10_000 })) models.push({ id: model.id, name: model.display_name || model.id });
      this.names.remember(models);
      return models.length > 0 ? { models, source: "api" } : { models: BUILT_IN_MODELS, source: "built-in" };
    } catch {
      return { models: BUILT_IN_MODELS, source: "built-in" };
    }
  }
}
