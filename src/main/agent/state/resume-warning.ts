/**
 * ResumeWarning: the first run after loading a State warns when the Agent running it
 * differs from the one that saved it (model, system prompt, or tools). The run goes on
 * with the Agent in your code; the warning says what changed.
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json";
import type { AgentFingerprint } from "./snapshot";

export class ResumeWarning extends Error {
  constructor(readonly stateId: string, readonly changes: string[]) {
    super(
      `State "${stateId}" was saved by a different Agent (${changes.join("; ")}). ` +
        "It continues with the Agent that runs it now.",
    );
    this.name = "ResumeWarning";
  }
}

/** A tool as the model is told of it (tools/builtin-tools.ts's ToolSpec). */
interface ToolDescription {
  name: string;
  description: string;
  input_schema: unknown;
}

export function agentFingerprint(model: string, system: string, toolSpecs: readonly ToolDescription[]): AgentFingerprint {
  const tools = [...toolSpecs]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => ({ name: t.name, description: t.description, input_schema: t.input_schema }));
  return { model, system, tools: createHash("sha256").update(canonicalJson(tools)).digest("hex") };
}

/** What changed between the Agent that saved a State and the one running it now. */
export function agentChanges(saved: AgentFingerprint, now: AgentFingerprint): string[] {
  const changes: string[] = [];
  if (saved.model !== now.model) changes.push(`model ${JSON.stringify(saved.model)} is now ${JSON.stringify(now.model)}`);
  if (saved.system !== now.system) changes.push("the system prompt changed");
  if (saved.tools !== now.tools) changes.push("the tools changed (names, descriptions or input schemas)");
  return changes;
}
