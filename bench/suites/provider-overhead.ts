/**
 * Model providers: the library's own time per step on the OpenAI-compatible provider beside
 * the Anthropic path, each against its scripted server answering at once, with the same
 * in-memory store and seeded histories. Own time: the run minus the time inside the SDK call
 * (Anthropic: `messages.stream()` to its final message; OpenAI: `chat.completions.create()` to
 * the end of its stream), so the translation of the request counts as the library's.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Agent } from "../../src/main/agent/run/agent";
import { AnthropicProvider } from "../../src/main/agent/run/providers/anthropic-provider";
import { OpenAICompatibleProvider } from "../../src/main/agent/run/providers/openai-provider";
import type { ModelProvider } from "../../src/main/agent/run/providers/model-provider";
import type { State } from "../../src/main/agent/state/state";
import { startModelServer } from "../../test/support/model-server";
import { startOpenAIServer } from "../../test/support/openai-server";
import type { ReplyFunction } from "../../test/support/model-server-types";
import type { BenchConfig } from "../config";
import { BENCH_MODEL, BENCH_SYSTEM } from "../lib/bench-agent";
import type { Report } from "../lib/report";
import { median } from "../lib/stats";
import { TextSource } from "../lib/text";
import { timeAnthropicStreams, timeChatCompletions } from "../lib/sdk-call-time";
import { timeOnce } from "../lib/timing";
import { MemoryStore } from "../subjects/memory-store";
import type { StoreHandle } from "../subjects/store-handle";
import { conversationId, seedConversations } from "../subjects/store-subject";

interface Subject {
  key: "anthropic" | "openai";
  label: string;
  provider: ModelProvider;
  sdkMs(): number;
  resetSdk(): void;
  requests(): number;
  reset(): void;
}

function instantReply(chars: number): ReplyFunction {
  const source = new TextSource(99);
  return () => ({ text: source.text(chars), chunks: 3 });
}

async function ownTimePerStep(subject: Subject, length: number, config: BenchConfig): Promise<number> {
  const handle: StoreHandle = { key: "memory", label: "in-memory store", store: new MemoryStore(), storedBytes: () => 0, close: async () => {} };
  const agent = new Agent({ model: BENCH_MODEL, system: BENCH_SYSTEM, store: handle.store, provider: subject.provider, contextBudget: Infinity });
  const total = config.agentWarmup + config.agentRuns;
  const runsPerConversation = Math.max(1, Math.floor(length / 20));
  const count = Math.ceil(total / runsPerConversation);
  await seedConversations(handle, length, count, config.entryChars);
  const states: State[] = [];
  for (let i = 0; i < count; i++) states.push(await handle.store.load(conversationId(i)));
  const source = new TextSource(5);
  const owns: number[] = [];
  for (let i = 0; i < total; i++) {
    const state = states[i % count];
    state.addUserMessage(source.text(config.entryChars));
    subject.reset();
    subject.resetSdk();
    const runMs = await timeOnce(() => agent.run(state));
    if (subject.requests() !== 1 || state.stoppedBy !== "end_turn") throw new Error(`${subject.key}: one run made ${subject.requests()} requests and stopped by ${state.stoppedBy}`);
    if (i >= config.agentWarmup) owns.push(runMs - subject.sdkMs());
  }
  return median(owns);
}

export async function runProviderOverhead(report: Report, config: BenchConfig): Promise<void> {
  const section = report.section("Model providers: the library's own time per step (in-memory store, the scripted server answering at once)", ["provider", "history", "own ms"]);
  const claude = await startModelServer({ fallback: instantReply(config.entryChars) });
  const local = await startOpenAIServer();
  local.setFallback(instantReply(config.entryChars));
  try {
    const client = new Anthropic({ apiKey: "bench", baseURL: claude.url, maxRetries: 0 });
    const anthropicSdk = timeAnthropicStreams(client);
    const openai = new OpenAICompatibleProvider({ baseURL: local.url, maxRetries: 0 });
    const openaiSdk = timeChatCompletions(await openai.sdkClient());
    const subjects: Subject[] = [
      { key: "anthropic", label: "Anthropic", provider: new AnthropicProvider(client), sdkMs: anthropicSdk.total, resetSdk: anthropicSdk.reset, requests: () => claude.requests.length, reset: () => claude.reset() },
      { key: "openai", label: "OpenAI-compatible", provider: openai, sdkMs: openaiSdk.total, resetSdk: openaiSdk.reset, requests: () => local.requests.length, reset: () => void local.requests.splice(0) },
    ];
    for (const length of config.agentHistorySizes) {
      for (const subject of subjects) {
        const own = await ownTimePerStep(subject, length, config);
        report.set(`providers.${subject.key}.${length}.ownMedianMs`, own);
        section.rows.push([subject.label, length, own]);
      }
    }
  } finally {
    await Promise.all([claude.close(), local.close()]);
  }
  const sizes = config.agentHistorySizes;
  const figure = (key: string, length: number) => report.figures[`providers.${key}.${length}.ownMedianMs`] as number;
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  report.set("providers.openaiOverAnthropicMs", Math.max(...sizes.map((n) => figure("openai", n) - figure("anthropic", n))));
  if (figure("openai", small) > 0) report.set("providers.openai.ownRatio", figure("openai", large) / figure("openai", small));
  section.notes.push("own: median of (run − time inside the SDK call); the request's translation for Chat Completions counts as the library's own time.");
}
