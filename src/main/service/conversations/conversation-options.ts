/**
 * Per-conversation choices kept with the conversation: the model (in the State's own data,
 * falling back to the settings' model) and extended thinking (the library's State setting).
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

/** The provider a run of this conversation talks to. */
export function providerOf(state: Pick<State, "data">): string {
  const provider = (state.data as OptionsData | null)?.provider;
  return typeof provider === "string" && provider !== "" ? provider : ANTHROPIC_PROVIDER_ID;
}

/** The model a run of this conversation uses. */
export function modelOf(state: Pick<State, "data">, fallback: string): string {
  const model = (state.data as OptionsData | null)?.model;
  return typeof model === "string" && model !== "" ? model : fallback;
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
export function optionsView(state: Pick<State, "data" | "thinking">, fallbackModel: string): ConversationOptionsView {
  const chosen = (state.data as OptionsData | null)?.model;
  return {
    model: modelOf(state, fallbackModel),
    modelChosen: typeof chosen === "string" && chosen !== "",
    provider: providerOf(state),
    thinkingBudget: state.thinking?.budgetTokens ?? null,
  };
}
