/**
 * Prompt caching over a long conversation: the same 200-turn conversation run through the
 * Agent against the scripted server's cache simulation, with caching on and off. Input
 * tokens are weighted by the published prices (cache writes 1.25x, reads 0.1x, plain 1x);
 * the target is the cached run costing at most 0.25x of the uncached one. A tool call every
 * tenth turn puts tool loops in it.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Agent } from "../../src/main/agent/run/agent";
import { State } from "../../src/main/agent/state/state";
import { PromptCache, startModelServer, type RecordedRequest, type ReplyFunction } from "../../test/support/model-server";
import type { Tool } from "../../src/main/agent/tools/tool";
import type { BenchConfig } from "../config";
import { BENCH_MODEL } from "../lib/bench-agent";
import type { Report } from "../lib/report";
import { TextSource } from "../lib/text";

const SYSTEM = "You are a helpful assistant that answers questions about the person's files and notes. ".repeat(20);

/** Tool calls on every tenth turn, text otherwise. */
function replies(): ReplyFunction {
  const source = new TextSource(21);
  let count = 0;
  return (request) => {
    const last = request.body.messages.at(-1);
    const afterTool = Array.isArray(last?.content) && last.content.some((b: { type: string }) => b.type === "tool_result");
    count++;
    if (!afterTool && count % 10 === 0) return { toolUses: [{ name: "look_up", input: { query: source.text(40) } }] };
    return { text: source.text(400) };
  };
}

interface Weighted {
  plain: number;
  read: number;
  write: number;
  weighted: number;
}

function weigh(requests: RecordedRequest[]): Weighted {
  let plain = 0;
  let read = 0;
  let write = 0;
  for (const r of requests) {
    const usage = r.cacheUsage;
    if (!usage) {
      plain += estimate(r);
      continue;
    }
    plain += usage.input_tokens;
    read += usage.cache_read_input_tokens;
    write += usage.cache_creation_input_tokens;
  }
  return { plain, read, write, weighted: plain + 1.25 * write + 0.1 * read };
}

/** Input tokens of a request without breakpoints, counted block by block as the cache counts them. */
function estimate(request: RecordedRequest): number {
  const marked = { ...request.body, system: [{ type: "text", text: request.body.system ?? "", cache_control: { type: "ephemeral" } }] };
  return new PromptCache({ minTokens: Number.MAX_SAFE_INTEGER }).account(marked).usage!.input_tokens;
}

async function runConversation(turns: number, caching: boolean): Promise<Weighted> {
  const server = await startModelServer({ fallback: replies() });
  try {
    const client = new Anthropic({ apiKey: "bench", baseURL: server.url, maxRetries: 0 });
    const lookUp: Tool = { name: "look_up", description: "Looks something up in the person's notes.", inputSchema: { type: "object" }, run: () => new TextSource(3).text(300) };
    const agent = new Agent({ model: BENCH_MODEL, system: SYSTEM, client, tools: [lookUp], promptCaching: caching, contextBudget: Infinity, maxSteps: 5 });
    const source = new TextSource(11);
    const state = new State(source.text(300));
    for (let turn = 0; turn < turns; turn++) {
      if (turn > 0) state.addUserMessage(source.text(300));
      await agent.run(state);
    }
    return weigh(server.requests);
  } finally {
    await server.close();
  }
}

export async function runPromptCaching(report: Report, config: BenchConfig): Promise<void> {
  const turns = config.cachingTurns;
  const section = report.section(`Prompt caching over a ${turns}-turn conversation (input tokens, weighted by price)`, ["run", "plain", "cache reads", "cache writes", "weighted"]);
  const cached = await runConversation(turns, true);
  const uncached = await runConversation(turns, false);
  section.rows.push(["caching on", cached.plain, cached.read, cached.write, cached.weighted]);
  section.rows.push(["caching off", uncached.plain, uncached.read, uncached.write, uncached.weighted]);
  section.notes.push("weighted: plain input x1 + cache writes x1.25 + cache reads x0.1 (the published price ratios).");
  report.set("caching.weightedOn", cached.weighted);
  report.set("caching.weightedOff", uncached.weighted);
  report.set("caching.ratio", cached.weighted / uncached.weighted);
}
