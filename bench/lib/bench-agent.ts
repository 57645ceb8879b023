/**
 * The one Agent configuration every measurement uses, and its fingerprint, so conversations
 * written straight into a store look exactly as if this Agent had saved them (and loading
 * them raises no ResumeWarning).
 */
import type Anthropic from "@anthropic-ai/sdk";
import { Agent } from "../../src/main/agent/run/agent";
import { askSpec, finishSpec } from "../../src/main/agent/tools/builtin-tools";
import { agentFingerprint } from "../../src/main/agent/state/resume-warning";
import type { AgentFingerprint } from "../../src/main/agent/state/snapshot";
import type { Store } from "../../src/main/agent/stores/store";
import type { Tool } from "../../src/main/agent/tools/tool";
import { TextSource } from "./text";

export const BENCH_MODEL = "claude-sonnet-4-6";
export const BENCH_SYSTEM = "You are a helpful assistant.";

export function benchAgent(store: Store, client: Anthropic, tools: Tool[] = []): Agent {
  // No compaction: a long seeded history is measured as it is, not condensed first.
  return new Agent({ model: BENCH_MODEL, system: BENCH_SYSTEM, store, client, contextBudget: Infinity, tools });
}

/**
 * A tool that is never called: its description carries `bytes` of words in every request, so a
 * short history's requests can be as large as a long one's while the library's work stays that
 * of the short history (it passes the description on as it is).
 */
export function ballastTool(bytes: number): Tool {
  return { name: "reference_notes", description: new TextSource(3).text(Math.max(1, bytes)), inputSchema: { type: "object", properties: {} }, run: () => "" };
}

/** `tools`: the Agent's own tools, besides the built-in ones. */
export function benchFingerprint(tools: readonly Tool[] = []): AgentFingerprint {
  const own = tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }));
  return agentFingerprint(BENCH_MODEL, BENCH_SYSTEM, [...own, finishSpec(undefined), askSpec]);
}
