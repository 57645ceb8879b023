/**
 * Servers from a Claude Desktop `claude_desktop_config.json`: the whole file, or just its
 * `mcpServers` object, as pasted or imported. All of it is checked before anything is
 * returned, so a bad entry keeps every entry out (nothing half-imported).
 */
import { type McpServerConfig, isObject, parseServerConfig } from "./config";
import { McpConfigError } from "./errors";

export function parseClaudeDesktopConfig(text: string, source = "the pasted configuration"): McpServerConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError(source, `is not valid JSON (${(error as Error).message}).`);
  }
  if (!isObject(json)) throw new McpConfigError(source, "must be a JSON object with an \"mcpServers\" object in it.");
  const hasKey = "mcpServers" in json;
  const servers = hasKey ? json.mcpServers : json;
  const where = hasKey ? "mcpServers" : "";
  if (!isObject(servers)) throw new McpConfigError(`${source}: mcpServers`, "must be an object whose keys are server names.");
  const entries = Object.entries(servers);
  if (entries.length === 0) throw new McpConfigError(`${source}: ${where || "mcpServers"}`, "has no servers.");
  return entries.map(([name, raw]) => parseServerConfig(name, raw, where ? `${where}.${name}` : name));
}
