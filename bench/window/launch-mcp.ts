/**
 * The launch benchmark's variant with MCP servers: three stdio servers configured in the data
 * folder's `mcp.json` (the reference "everything" server, run by Node), and, in the page, when
 * the window learns that they started and that all three are ready: after its first paint.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MCP_FILE_NAME, MCP_SETTINGS_VERSION } from "../../src/main/service/mcp/mcp-settings-file";

/** Three stdio servers, each `node <everything server> stdio`. */
export function configureThreeStdioServers(root: string, dataFolder: string): void {
  const script = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
  const servers = ["first", "second", "third"].map((name) => ({ name, transport: "stdio", command: process.execPath, args: [script, "stdio"] }));
  writeFileSync(path.join(dataFolder, MCP_FILE_NAME), `${JSON.stringify({ version: MCP_SETTINGS_VERSION, servers }, null, 2)}\n`, { mode: 0o600 });
}

export function removeMcpServers(dataFolder: string): void {
  rmSync(path.join(dataFolder, MCP_FILE_NAME), { force: true });
}

/**
 * In the page, relative to its navigation start: the first `tools-changed` event that shows a
 * server starting (or already up), and the first that shows every one of `count` servers ready.
 * NaN when they did not within the time.
 */
export const MCP_TIMES = String.raw`(async (count) => {
  const at = (e) => (e ? e.at - performance.timeOrigin : NaN);
  const events = () => (window.__alpineEvents || []).filter((e) => e.name === "tools-changed" && e.detail && Array.isArray(e.detail.servers));
  const started = (e) => e.detail.servers.some((s) => s.status !== "stopped");
  const allReady = (e) => e.detail.servers.length === count && e.detail.servers.every((s) => s.status === "ready");
  const until = Date.now() + 60000;
  while (Date.now() < until && !events().some(allReady)) await new Promise((r) => setTimeout(r, 50));
  return { started: at(events().find(started)), ready: at(events().find(allReady)) };
})`;
