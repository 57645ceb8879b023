/**
 * The name the model knows an MCP tool by: server and tool joined, valid for the Messages
 * API (1-64 of [A-Za-z0-9_-]) and unique among the tools offered. A name too long, or one
 * that would collide, is shortened deterministically: a prefix plus a hash of the exact
 * server and tool names, so the same tool always gets the same name.
 */
import { createHash } from "node:crypto";

export const MAX_TOOL_NAME = 64;

function hashOf(server: string, tool: string): string {
  return createHash("sha256").update(`${server}\u0000${tool}`).digest("hex").slice(0, 8);
}

function clean(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, "_");
}

/** The joined name, before uniqueness is considered. */
export function modelToolName(server: string, tool: string): string {
  const joined = `${clean(server)}__${clean(tool)}`;
  if (joined.length <= MAX_TOOL_NAME) return joined;
  // A cut name could meet another tool's: the hash of the exact names keeps them apart.
  return `${joined.slice(0, MAX_TOOL_NAME - 9)}_${hashOf(server, tool)}`;
}

/**
 * Names for every (server, tool) pair, in order, none equal to another nor to a name in
 * `taken` (the built-in tools). Deterministic for the same input.
 */
export function assignToolNames(pairs: { server: string; tool: string }[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return pairs.map(({ server, tool }) => {
    let name = modelToolName(server, tool);
    if (used.has(name)) name = `${name.slice(0, MAX_TOOL_NAME - 9)}_${hashOf(server, tool)}`;
    for (let n = 2; used.has(name); n++) name = `${name.slice(0, MAX_TOOL_NAME - 12)}_${hashOf(server, tool).slice(0, 6)}${n}`;
    used.add(name);
    return name;
  });
}
