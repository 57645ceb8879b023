/**
 * Which model service a conversation's run talks to: Anthropic with the app's key (the
 * default), or a provider added in Settings → Models with its own key, if any. A
 * conversation on another provider needs no Anthropic key, and its content never goes to
 * Anthropic (no title request either): a person who chose a local model keeps it local.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ModelProvider, State } from "../../agent";
import { ANTHROPIC_PROVIDER_ID } from "../../../shared/providers-types";
import { type ConversationDefault, newConversationDefault, providerOf } from "../conversations/conversation-options";
import { DEFAULT_MODEL, type Settings } from "../settings/settings-file";
import { createModelClient, type ModelClientOptions } from "../models/model-client";
import type { ProvidersService } from "../providers/providers-service";

/** The providers added in Settings → Models, as a run needs them. */
export type RunProviders = Pick<ProvidersService, "modelProvider" | "list">;

/** What a conversation that chose neither model nor provider talks to now (see conversation-options.ts). */
export function conversationDefault(settings: Pick<Settings, "model" | "defaultProvider">, providers: RunProviders | undefined): ConversationDefault {
  const ids = new Set(providers?.list().map((p) => p.id) ?? []);
  return newConversationDefault(settings, (id) => ids.has(id), DEFAULT_MODEL);
}

/** The Agent options that pick the conversation's provider. Without a key, Anthropic gets no client. */
export async function modelProviderFor(
  state: State,
  apiKey: string | null,
  providers: RunProviders | undefined,
  client: ModelClientOptions,
  fallback: ConversationDefault,
): Promise<{ client?: Anthropic; provider?: ModelProvider }> {
  const id = providerOf(state, fallback);
  if (id !== ANTHROPIC_PROVIDER_ID && providers) return { provider: providers.modelProvider(id) };
  return apiKey ? { client: await createModelClient(apiKey, client) } : {};
}

/** Whether the conversation needs the Anthropic key to run. */
export function needsAnthropicKey(state: State, providers: RunProviders | undefined, fallback: ConversationDefault): boolean {
  return providerOf(state, fallback) === ANTHROPIC_PROVIDER_ID || !providers;
}

/** The key for the title request: only a conversation on Anthropic asks Anthropic for its title. */
export function titleKeyFor(state: State, apiKey: string | null, fallback: ConversationDefault): string | null {
  return providerOf(state, fallback) === ANTHROPIC_PROVIDER_ID ? apiKey : null;
}
