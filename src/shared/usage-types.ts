/**
 * What the window sees of usage, prices, models, attachments and a conversation's own
 * choices. Plain JSON.
 */

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/** Prices by model id (a longer id, e.g. with a date, uses the entry of its prefix). */
export type PriceTable = Record<string, ModelPrice>;

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Estimated with the price table; null when a reply's model has no price. */
  costUsd: number | null;
}

export interface ModelChoiceView {
  id: string;
  name: string;
}

export interface ModelListView {
  models: ModelChoiceView[];
  /** "api": from the Models API; "built-in": the app's own list (the API could not be reached). */
  source: "api" | "built-in";
}

export interface AttachmentView {
  /** The stored file's id (the SHA-256 of its bytes). */
  id: string;
  name: string;
  kind: "image" | "pdf" | "text";
  mediaType: string;
  size: number;
}

export interface ConversationOptionsView {
  model: string;
  /** The model was chosen for this conversation (else it is the settings' model). */
  modelChosen: boolean;
  /** The provider of `model`: "anthropic" or the id of one added in Settings → Models. */
  provider: string;
  /** The name the model was last listed by (or its built-in one), for the picker before its list comes. */
  modelName?: string;
  /** Extended thinking's budget in tokens; null when off. */
  thinkingBudget: number | null;
}

/** The path under the app's own origin the window loads an attachment from. */
export const ATTACHMENT_PATH_PREFIX = "/attachments/";
