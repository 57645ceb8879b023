/** The server and tool an MCP call's card names, from the tools view (no store, no window: testable alone). */
import type { McpSettingsView, McpToolOriginView } from "../../../shared/mcp-types";

/** Which server and tool a model's tool name stands for, from the current view. */
export function mcpOrigin(view: McpSettingsView | null, modelName: string): McpToolOriginView | null {
  for (const server of view?.servers ?? []) {
    const tool = server.tools.find((t) => t.modelName === modelName);
    if (tool) return { server: server.name, tool: tool.name, ...(tool.title ? { title: tool.title } : {}) };
  }
  // Its server is not up (yet): what it was called when it was offered, as the card showed it then.
  const known = view?.knownTools?.[modelName];
  if (known) return known;
  const joined = /^(.+?)__(.+)$/.exec(modelName); // a server no longer configured: the joined name still tells
  return joined ? { server: joined[1], tool: joined[2] } : null;
}
