/**
 * Model providers: the library's own time per step on the OpenAI-compatible provider beside
 * the Anthropic path, each against its scripted server answering at once (in a process of its
 * own, as a real server is), with the same in-memory store and seeded histories. Own time: the
 * run minus the time inside the SDK call (Anthropic: `messages.stream()` to its final message;
 * OpenAI: `chat.completions.create()` to the end of its stream), so the translation of the
 * request counts as the library's.
 *
 * A request of 10,000 entries is ~4 MB that the SDK writes out inside its call; on this machine
 * that work leaves the caches cold and the collector busy for what runs next, whatever the
 * library does. So beside the raw ratio, the shortest history is timed again with requests as
 * large as the longest one's (the bytes carried by a tool's description, which the library
 * passes on as it is): what is left between the two is what the number of entries costs.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Agent } from "../../src/main/agent/run/agent";
import { AnthropicProvider } from "../../src/main/agent/run/providers/anthropic-provider";
import { OpenAICompatibleProvider } from "../../src/main/agent/run/providers/openai-provider";
import type { ModelProvider } from "../../src/main/agent/run/providers/model-provider";
import type { Tool } from "../../src/main/agent/tools/tool";
import type { BenchConfig } from "../config";
import { BENCH_MODEL, BENCH_SYSTEM, ballastTool, benchFingerprint } from "../lib/bench-agent";
import type { Report } from "../lib/report";
import { type ScriptedServersProcess, startScriptedServersProcess } from "../lib/scripted-servers-process";
import type { ServerName } from "../lib/scripted-servers-protocol";
import { median } from "../lib/stats";
import { TextSource } from "../lib/text";
import { timeAnthropicStreams, timeChatCompletions } from "../lib/sdk-call-time";
import { timeOnce } from "../lib/timing";
import { MemoryStore } from "../subjects/memory-store";
import type { StoreHandle } from "../subjects/store-handle";
import { statesForRuns } from "../subjects/store-subject";

interface Subject {
  key: ServerName;
  label: string;
  provider: ModelProvider;
  sdkMs(): number;
  resetSdk(): void;
}

interface Timed {
  ownMs: number;
  /** The size of the step's request body (the last one timed). */
  requestBytes: number;
}

async function ownTimePerStep(servers: ScriptedServersProcess, subject: Subject, length: number, runs: { warmup: number; timed: number }, config: BenchConfig, tools: Tool[] = []): Promise<Timed> {
  const handle: StoreHandle = { key: "memory", label: "in-memory store", store: new MemoryStore(), storedBytes: () => 0, close: async () => {} };
  const agent = new Agent({ model: BENCH_MODEL, system: BENCH_SYSTEM, store: handle.store, provider: subject.provider, contextBudget: Infinity, tools });
  const total = runs.warmup + runs.timed;
  const states = await statesForRuns(handle, length, total, config.entryChars, benchFingerprint(tools));
  const source = new TextSource(5);
  const owns: number[] = [];
  let requestBytes = 0;
  for (let i = 0; i < total; i++) {
    const state = states[i % states.length];
    state.addUserMessage(source.text(config.entryChars));
    subject.resetSdk();
    const runMs = await timeOnce(() => agent.run(state));
    const taken = await servers.take(subject.key);
    if (taken.count !== 1 || state.stoppedBy !== "end_turn") throw new Error(`${subject.key}: one run made ${taken.count} requests and stopped by ${state.stoppedBy}`);
    requestBytes = taken.lastBytes;
    if (i >= runs.warmup) owns.push(runMs - subject.sdkMs());
  }
  return { ownMs: median(owns), requestBytes };
}

export async function runProviderOverhead(report: Report, config: BenchConfig): Promise<void> {
  const section = report.section("Model providers: the library's own time per step (in-memory store, the scripted server answering at once in its own process)", ["provider", "history", "request KB", "own ms"]);
  const servers = await startScriptedServersProcess(config.entryChars);
  const sizes = config.agentHistorySizes;
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  const runs = { warmup: config.agentWarmup, timed: config.agentRuns };
  try {
    const client = new Anthropic({ apiKey: "bench", baseURL: servers.urls.anthropic, maxRetries: 0 });
    const anthropicSdk = timeAnthropicStreams(client);
    const openai = new OpenAICompatibleProvider({ baseURL: servers.urls.openai, maxRetries: 0 });
    const openaiSdk = timeChatCompletions(await openai.sdkClient());
    const subjects: Subject[] = [
      { key: "anthropic", label: "Anthropic", provider: new AnthropicProvider(client), sdkMs: anthropicSdk.total, resetSdk: anthropicSdk.reset },
      { key: "openai", label: "OpenAI-compatible", provider: openai, sdkMs: openaiSdk.total, resetSdk: openaiSdk.reset },
    ];
    // Both paths compiled before anything is timed: the first length measured is not the coldest.
    for (const subject of subjects) await ownTimePerStep(servers, subject, small, { warmup: 0, timed: runs.warmup + runs.timed }, config);
    const bytes = new Map<string, number>();
    for (const length of sizes) {
      for (const subject of subjects) {
        const { ownMs, requestBytes } = await ownTimePerStep(servers, subject, length, runs, config);
        bytes.set(`${subject.key}.${length}`, requestBytes);
        report.set(`providers.${subject.key}.${length}.ownMedianMs`, ownMs);
        report.set(`providers.${subject.key}.${length}.requestKB`, requestBytes / 1024);
        section.rows.push([subject.label, length, requestBytes / 1024, ownMs]);
      }
    }
    for (const subject of subjects) {
      const padding = bytes.get(`${subject.key}.${large}`)! - bytes.get(`${subject.key}.${small}`)!;
      const { ownMs, requestBytes } = await ownTimePerStep(servers, subject, small, runs, config, [ballastTool(padding)]);
      report.set(`providers.${subject.key}.${small}.sameBytes.ownMedianMs`, ownMs);
      section.rows.push([`${subject.label}, requests as large as ${large.toLocaleString("en-US")} entries'`, small, requestBytes / 1024, ownMs]);
    }
  } finally {
    await servers.close();
  }
  const figure = (key: string) => report.figures[key] as number;
  report.set("providers.openaiOverAnthropicMs", Math.max(...sizes.map((n) => figure(`providers.openai.${n}.ownMedianMs`) - figure(`providers.anthropic.${n}.ownMedianMs`))));
  for (const key of ["anthropic", "openai"]) {
    const longest = figure(`providers.${key}.${large}.ownMedianMs`);
    report.set(`providers.${key}.ownRatio`, longest / figure(`providers.${key}.${small}.ownMedianMs`));
    report.set(`providers.${key}.entriesRatio`, longest / figure(`providers.${key}.${small}.sameBytes.ownMedianMs`));
  }
  section.notes.push("own: median of (run − time inside the SDK call); the request's translation for Chat Completions counts as the library's own time.");
  section.notes.push(`requests as large: the ${small}-entry histories again, each request carrying the ${large.toLocaleString("en-US")}-entry one's extra bytes in a tool's description, so the two differ in entries alone.`);
}
