/**
 * What the MCP room is asked to run: each saved server as it is, and each bundle's server
 * with its command resolved now (its folder, its settings). A bundle that lacks a required
 * setting, or whose command cannot be made, is not started; its card says why.
 */
import type { ServerChoice } from "../../mcp";
import type { McpBundles } from "./bundles/mcp-bundles";
import type { SavedMcpSettings, SavedServer, StoredBundle } from "./mcp-settings-file";

/** At once (an array) when no server comes from a bundle; otherwise once every bundle's command is resolved. */
export function serverChoices(settings: SavedMcpSettings, bundles: McpBundles, problems: Map<string, string>): ServerChoice[] | Promise<ServerChoice[]> {
  if (!settings.servers.some((s) => s.bundle)) {
    problems.clear();
    return settings.servers.map(plainChoice);
  }
  return Promise.all(settings.servers.map((s) => choice(s, bundles))).then((choices) => {
    problems.clear();
    for (const { problem, config } of choices) if (problem) problems.set(config.config.name, problem);
    return choices.map((c) => c.config);
  });
}

function plainChoice(stored: SavedServer): ServerChoice {
  return { config: stored.config, enabled: stored.enabled, disabledTools: [...stored.disabledTools] };
}

async function choice(stored: SavedServer, bundles: McpBundles): Promise<{ config: ServerChoice; problem?: string }> {
  const plain = plainChoice(stored);
  if (!stored.bundle) return { config: plain };
  try {
    const missing = bundles.missing(stored.bundle);
    if (missing.length) {
      const problem = `This bundle needs ${missing.length === 1 ? "a setting" : "settings"} before it can start (${missing.join(", ")}): fill ${missing.length === 1 ? "it" : "them"} in on this card.`;
      return { config: { ...plain, enabled: false }, problem };
    }
    return { config: { ...plain, config: await bundles.resolve(stored as SavedServer & { bundle: StoredBundle }) } };
  } catch (error) {
    return { config: { ...plain, enabled: false }, problem: `This bundle cannot start: ${(error as Error).message} Remove it and install it again.` };
  }
}
