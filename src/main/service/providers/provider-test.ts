/**
 * Settings → Models' "Test": reach the server, list its models, and ask one model (the one
 * given, else the first) a one-token question with a tool offered, so that a model without
 * tool calls is found before a conversation needs them. Says what failed, in words.
 */
import { ModelKeyRefusedError, ModelServerUnreachableError, ModelWithoutToolsError, type OpenAICompatibleProvider } from "../../agent";
import type { ProviderTestView } from "../../../shared/providers-types";

const TEST_TIMEOUT_MS = 20_000;
const CHECK_TOOL = { name: "check", description: "Checks that tools can be called.", input_schema: { type: "object" as const, properties: {} } };

export async function testProvider(provider: OpenAICompatibleProvider, typedModels: string[], model?: string): Promise<ProviderTestView> {
  let listed: string[] = [];
  try {
    listed = (await provider.models()).map((m) => m.id);
  } catch (error) {
    if (error instanceof ModelServerUnreachableError) return { ok: false, problem: "unreachable", message: error.message, models: [] };
    if (error instanceof ModelKeyRefusedError) return { ok: false, problem: "key_refused", message: error.message, models: [] };
    if ((error as { status?: number }).status !== 404) return { ok: false, problem: "failed", message: describe(error), models: [] };
    // No model list here (404): the typed names are the list.
  }
  const candidates = [...listed, ...typedModels];
  const chosen = model ?? candidates[0];
  if (!chosen) {
    return { ok: false, problem: "no_models", message: `${provider.serverName} answers at ${provider.baseURL} but lists no models. Type a model's name (e.g. llama3.2) in its list, then test again.`, models: [] };
  }
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  try {
    const stream = await provider.stream(
      { model: chosen, system: "", maxTokens: 1, tools: [CHECK_TOOL], messages: [{ role: "user", content: "Say OK." }], thinking: null, promptCaching: false },
      { signal, onText: () => undefined, onThinking: () => undefined },
    );
    await stream.final();
  } catch (error) {
    if (error instanceof ModelWithoutToolsError) return { ok: false, problem: "no_tools", message: error.message, models: listed };
    if (error instanceof ModelKeyRefusedError) return { ok: false, problem: "key_refused", message: error.message, models: listed };
    if (error instanceof ModelServerUnreachableError) return { ok: false, problem: "unreachable", message: error.message, models: listed };
    return { ok: false, problem: "failed", message: `${chosen} did not answer: ${describe(error)}`, models: listed };
  }
  const count = listed.length === 1 ? "1 model" : `${listed.length} models`;
  return { ok: true, problem: null, message: `${provider.serverName} answers at ${provider.baseURL} (${count} listed), and ${chosen} takes tool calls.`, models: listed };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
