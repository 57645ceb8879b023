/**
 * What the MCP room is asked to run: each saved server as it is, and each bundle's server
 * with its command resolved now (its folder, its settings). A bundle that lacks a required
 * setting, or whose command cannot be made, is not started; its card says why.
 */
import type { ServerChoice } from "../../mcp";
import type { McpBundles } from "./bundles/mcp-bundles";
import type { SavedMcpSettings, SavedServer, StoredBundle } from "./mcp-settings-file";

export async function serverChoices(settings: SavedMcpSettings, bundles: McpBundles, problems: Map<string, string>): Promise<ServerChoice[]> {
  problems.clear();
  return Promise.all(settings.servers.map((s) => choice(s, bundles, problems)));
}

async function choice(stored: SavedServer, bundles: McpBundles, problems: Map<string, string>): Promise<ServerChoice> {
  const plain = { config: stored.config, enabled: stored.enabled, disabledTools: [...stored.disabledTools] };
  if (!stored.bundle) return plain;
  try {
    const missing = bundles.missing(stored.bundle);
    if (missing.length) {
      problems.set(stored.config.name, `This bundle needs ${missing.length === 1 ? "a setting" : "settings"} before it can start (${missing.join(", ")}): fill ${missing.length === 1 ? "it" : "them"} in on this card.`);
      return { ...plain, enabled: false };
    }
    return { ...plain, config: await bundles.resolve(stored as SavedServer & { bundle: StoredBundle }) };
  } catch (error) {
    problems.set(stored.config.name, `This bundle cannot start: ${(error as Error).message} Remove it and install it again.`);
    return { ...plain, enabled: false };
  }
}
