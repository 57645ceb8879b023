/**
 * The two model providers as test parameters: the same test body runs on the Anthropic
 * provider against the scripted Messages API server, and on the OpenAI-compatible provider
 * against the scripted Chat Completions server. Both servers play the same scripted replies
 * and refuse requests their real counterparts would refuse. What a request sent is read back
 * in one neutral shape, so a body's assertions hold for both.
 */
import { AnthropicProvider, OpenAICompatibleProvider, type AgentOptions } from "../../src/main/agent";
import type { ModelServer, RecordedRequest } from "../support/model-server-types";
import { startModelServer, withoutCacheControl } from "../support/model-server";
import { type OpenAIServer, startOpenAIServer } from "../support/openai-server";
import { clientFor } from "./helpers";

/** What both scripted servers offer a test: the members their own interfaces share. */
type SharedMember = "url" | "requests" | "script" | "setFallback" | "waitForRequests" | "release" | "openReplies" | "close";
export type ScriptServer = Pick<ModelServer, SharedMember> & Pick<OpenAIServer, SharedMember>;

/** One turn of a sent request: its role, its text, the calls it made, the results it gave. */
export interface SentTurn {
  role: "user" | "assistant";
  text: string;
  calls: { id: string; name: string; input: unknown }[];
  results: { id: string; content: string }[];
}

export interface ProviderHarness {
  name: "anthropic" | "openai-compatible";
  /** The model name requests carry on this provider. */
  model: string;
  start(): Promise<ScriptServer>;
  agentOptions(server: ScriptServer, maxRetries?: number): Pick<AgentOptions, "client" | "provider">;
  /** Environment for a runner child (children/runner.ts) to talk to this server. */
  childEnv(server: ScriptServer): Record<string, string>;
  /** The conversation a request sent, without the system prompt. */
  sent(request: RecordedRequest): SentTurn[];
  /** The system prompt a request sent ("" for none). */
  system(request: RecordedRequest): string;
  /** The names of the tools a request offered. */
  toolNames(request: RecordedRequest): string[];
}

const textOf = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((b: any) => (b.type === "text" ? b.text : "")).join("") : "";

function anthropicTurns(request: RecordedRequest): SentTurn[] {
  return (withoutCacheControl(request.body?.messages) as any[]).map((m) => {
    const blocks: any[] = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    return {
      role: m.role,
      text: blocks.filter((b) => b.type === "text").map((b) => b.text).join(""),
      calls: blocks.filter((b) => b.type === "tool_use").map((b) => ({ id: b.id, name: b.name, input: b.input })),
      results: blocks.filter((b) => b.type === "tool_result").map((b) => ({ id: b.tool_use_id, content: textOf(b.content) })),
    };
  });
}

/** Tool messages join the user turn they are part of in the history (results first, then what the person sent). */
function chatTurns(request: RecordedRequest): SentTurn[] {
  const turns: SentTurn[] = [];
  for (const m of request.body?.messages as any[]) {
    if (m.role === "system") continue;
    if (m.role === "assistant") {
      const calls = (m.tool_calls ?? []).map((c: any) => ({ id: c.id, name: c.function.name, input: parseOr(c.function.arguments) }));
      turns.push({ role: "assistant", text: m.content ?? "", calls, results: [] });
      continue;
    }
    let last = turns.at(-1);
    if (!last || last.role !== "user" || (m.role === "tool" && last.text !== "")) turns.push((last = { role: "user", text: "", calls: [], results: [] }));
    if (m.role === "tool") last.results.push({ id: m.tool_call_id, content: m.content });
    else last.text += textOf(m.content);
  }
  return turns;
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const ANTHROPIC: ProviderHarness = {
  name: "anthropic",
  model: "claude-sonnet-4-6",
  start: () => startModelServer(),
  agentOptions: (server, maxRetries = 0) => ({ client: clientFor(server, maxRetries) }),
  childEnv: (server) => ({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url }),
  sent: anthropicTurns,
  system: (request) => textOf(request.body?.system),
  toolNames: (request) => (request.body?.tools ?? []).map((t: any) => t.name),
};

export const OPENAI_COMPATIBLE: ProviderHarness = {
  name: "openai-compatible",
  model: "llama3.2:3b",
  start: () => startOpenAIServer(),
  agentOptions: (server, maxRetries = 0) => ({ provider: new OpenAICompatibleProvider({ baseURL: server.url, serverName: "Ollama", maxRetries }) }),
  childEnv: (server) => ({ RUNNER_OPENAI_URL: server.url }),
  sent: chatTurns,
  system: (request) => (request.body?.messages?.[0]?.role === "system" ? request.body.messages[0].content : ""),
  toolNames: (request) => (request.body?.tools ?? []).map((t: any) => t.function.name),
};

export const PROVIDERS: ProviderHarness[] = [ANTHROPIC, OPENAI_COMPATIBLE];

export { AnthropicProvider };
