/**
 * The model providers' part of the IPC contract (spread into ipc-contract.ts): Settings →
 * Models and the model picker. Keys go to main only.
 */
import { z } from "zod";
import type { ModelGroupView, ProvidersView, ProviderTestView } from "./providers-types";

export const providerId = z.string().regex(/^[a-z0-9-]{1,64}$/, "a provider id: 1 to 64 lower-case letters, digits or -");
const kind = z.enum(["openai", "openrouter", "ollama", "lmstudio", "custom"]);
const baseURL = z.string().trim().regex(/^https?:\/\/\S+$/, "a base URL starting with http:// or https://").max(2000);
const name = z.string().trim().min(1).max(100);
const models = z.array(z.string().trim().min(1).max(200)).max(200);
const apiKey = z.string().max(2000);

export const providersRequestSchemaMakers = {
  "providers:get": () => z.object({}).strict(),
  /** Add a provider of a kind; its name and base URL default to the kind's. */
  "providers:add": () => z.object({ kind, name: name.optional(), baseURL: baseURL.optional(), apiKey: apiKey.optional(), models: models.optional() }).strict(),
  "providers:edit": () => z.object({ id: providerId, name: name.optional(), baseURL: baseURL.optional(), models: models.optional() }).strict(),
  /** Empty forgets the key. */
  "providers:setKey": () => z.object({ id: providerId, apiKey }).strict(),
  "providers:remove": () => z.object({ id: providerId }).strict(),
  /** Reach the server, list its models, and (with a model) check it takes tools. */
  "providers:test": () => z.object({ id: providerId, model: z.string().trim().min(1).max(200).optional() }).strict(),
  /** Every provider's models for the picker, grouped, with prices where known. */
  "models:groups": () => z.object({}).strict(),
} as const;

export interface ProvidersRequestResults {
  "providers:get": ProvidersView;
  "providers:add": ProvidersView;
  "providers:edit": ProvidersView;
  "providers:setKey": ProvidersView;
  "providers:remove": ProvidersView;
  "providers:test": ProviderTestView;
  "models:groups": ModelGroupView[];
}
