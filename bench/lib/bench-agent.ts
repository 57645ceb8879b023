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

export const BENCH_MODEL = "claude-sonnet-4-6";
export const BENCH_SYSTEM = "You are a helpful assistant.";

export function benchAgent(store: Store, client: Anthropic): Agent {
  // No compaction: a long seeded history is measured as it is, not condensed first.
  return new Agent({ model: BENCH_MODEL, system: BENCH_SYSTEM, store, client, contextBudget: Infinity });
}

export function benchFingerprint(): AgentFingerprint {
  return agentFingerprint(BENCH_MODEL, BENCH_SYSTEM, [finishSpec(undefined), askSpec]);
}
