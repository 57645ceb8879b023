/**
 * Per-conversation choices kept with the conversation: the model and provider (in the State's
 * own data, falling back to the settings' default provider and model) and extended thinking (the library's State setting).
 */
import { MIN_THINKING_BUDGET, type State, type ThinkingSetting } from "../../agent";
import { InvalidRequestError } from "../service-errors";
import { ANTHROPIC_PROVIDER_ID } from "../../../shared/providers-types";
import type { ConversationOptionsView } from "../../../shared/usage-types";

export interface ConversationOptions {
  /** The model this conversation talks to; null: the settings' model. */
  model?: string | null;
  /** The provider of `model` (see Settings → Models); null: Anthropic. Set with the model. */
  provider?: string | null;
  /** Thinking budget in tokens; null: off. */
  thinkingBudget?: number | null;
}

interface OptionsData {
  model?: string;
  /** Absent: Anthropic (conversations saved before providers existed have none). */
  provider?: string;
}

/** What a conversation that chose neither model nor provider talks to (see newConversationDefault). */
export interface ConversationDefault {
  provider: string;
  model: string;
}

/**
 * The settings' default provider with the settings' model (the window sets the model with the
 * provider); a default whose provider was removed gives way to Anthropic and its default model.
 */
export function newConversationDefault(
  settings: { model: string; defaultProvider: string | null },
  providerExists: (id: string) => boolean,
  anthropicModel: string,
): ConversationDefault & { removed: boolean } {
  const id = settings.defaultProvider;
  if (id === null || id === ANTHROPIC_PROVIDER_ID) return { provider: ANTHROPIC_PROVIDER_ID, model: settings.model, removed: false };
  if (providerExists(id)) return { provider: id, model: settings.model, removed: false };
  return { provider: ANTHROPIC_PROVIDER_ID, model: anthropicModel, removed: true };
}

const chosen = (value: unknown): value is string => typeof value === "string" && value !== "";

/** The provider a run of this conversation talks to: its own; Anthropic for one that chose only a model (saved before providers existed); else the default. */
export function providerOf(state: Pick<State, "data">, fallback: ConversationDefault): string {
  const data = state.data as OptionsData | null;
  if (chosen(data?.provider)) return data.provider;
  return chosen(data?.model) ? ANTHROPIC_PROVIDER_ID : fallback.provider;
}

/** The model a run of this conversation uses: its own, else the default's. */
export function modelOf(state: Pick<State, "data">, fallback: ConversationDefault): string {
  const model = (state.data as OptionsData | null)?.model;
  return chosen(model) ? model : fallback.model;
}

export function applyOptions(state: State, options: ConversationOptions): void {
  if (options.model !== undefined) {
    const data = { ...((state.data as Record<string, unknown>) ?? {}) };
    if (options.model === null || options.model.trim() === "") delete data.model;
    else data.model = options.model.trim();
    state.data = data;
  }
  if (options.provider !== undefined) {
    const data = { ...((state.data as Record<string, unknown>) ?? {}) };
    if (options.provider === null || options.provider === ANTHROPIC_PROVIDER_ID) delete data.provider;
    else data.provider = options.provider;
    state.data = data;
  }
  if (options.thinkingBudget !== undefined) state.thinking = thinkingOf(options.thinkingBudget);
}

function thinkingOf(budget: number | null): ThinkingSetting {
  if (budget === null || budget === 0) return null;
  if (!Number.isInteger(budget) || budget < MIN_THINKING_BUDGET) {
    throw new InvalidRequestError(`A thinking budget must be 0 (off) or a whole number of at least ${MIN_THINKING_BUDGET} tokens; got ${budget}.`);
  }
  return { budgetTokens: budget };
}

/** What the window shows of a conversation's options. */
export function optionsView(state: Pick<State, "data" | "thinking">, fallback: ConversationDefault): ConversationOptionsView {
  return {
    model: modelOf(state, fallback),
    modelChosen: chosen((state.data as OptionsData | null)?.model),
    provider: providerOf(state, fallback),
    thinkingBudget: state.thinking?.budgetTokens ?? null,
  };
}
