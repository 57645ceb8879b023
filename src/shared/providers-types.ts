/**
 * Model providers as the window sees them (Settings → Models, the model picker). Keys go
 * to main only: a view says whether a provider has one, never what it is.
 */
import type { ModelPrice } from "./usage-types";

/** The provider every conversation uses unless it chose another. */
export const ANTHROPIC_PROVIDER_ID = "anthropic";

export type ProviderKind = "openai" | "openrouter" | "ollama" | "lmstudio" | "custom";

/** A kind of provider the person can add, with its usual address. */
export interface ProviderPreset {
  kind: ProviderKind;
  name: string;
  /** "" for "any other base URL": the person types it. */
  baseURL: string;
  /** Whether the service needs a key (local servers take none). */
  needsKey: boolean;
}

export interface ProviderView {
  id: string;
  kind: ProviderKind;
  name: string;
  baseURL: string;
  hasKey: boolean;
  /** Model names typed by the person (for servers that list none). */
  models: string[];
}

export interface ProvidersView {
  providers: ProviderView[];
  presets: ProviderPreset[];
  /** Set when the providers file could not be used as it is. */
  problem?: string;
}

/** What "Test" found: `problem` names what failed, `message` says it in words. */
export interface ProviderTestView {
  ok: boolean;
  problem: "unreachable" | "key_refused" | "no_models" | "no_tools" | "failed" | null;
  message: string;
  /** The models the server lists (empty when it lists none or could not be asked). */
  models: string[];
}

export interface PickerModel {
  id: string;
  name: string;
  /** null: the price is unknown (no made-up cost). */
  price: ModelPrice | null;
}

/** One provider's models in the conversation's model picker. */
export interface ModelGroupView {
  providerId: string;
  providerName: string;
  models: PickerModel[];
  /** Set when the list could not be had from the server (it still offers the typed models). */
  problem?: string;
}
