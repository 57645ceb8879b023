/**
 * Shared by the MCP service tests: the project's stdio test server as a configuration,
 * the real npm servers, and waiting for a server's state through the app's events.
 */
import fs from "node:fs";
import path from "node:path";
import type { AppEvent } from "../../src/shared/ipc-contract";
import type { McpServerView, McpSettingsView } from "../../src/shared/mcp-types";
import { REPO_ROOT, TSX_LOADER } from "../agent/helpers";
import type { ServiceFixture } from "./helpers";

export const STDIO_TEST_SERVER = path.join(REPO_ROOT, "test/support/mcp/stdio-test-server.ts");
export const EVERYTHING_SERVER = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
export const FILESYSTEM_SERVER = path.join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");

/** The project's stdio test server, counting its calls in `countFile`. */
export function testServerInput(name: string, countFile: string) {
  return { name, transport: "stdio" as const, command: process.execPath, args: ["--import", TSX_LOADER, STDIO_TEST_SERVER, countFile] };
}

/** Shortened restarts for tests. */
export const FAST_RESTARTS = { mcpConnection: { backoffMs: 100, startTimeoutMs: 60_000 } };

/** Servers under tsx start slowly on a loaded machine: the MCP test files allow this long per test. */
export const MCP_TEST_TIMEOUT_MS = 180_000;

/** Resolves with the server's view once `match` holds (checked now, then at each mcp_changed event). */
export async function waitForServer(fixture: ServiceFixture, name: string, match: (server: McpServerView) => boolean, what = "the expected state"): Promise<McpServerView> {
  const check = (view: McpSettingsView) => view.servers.find((s) => s.name === name && match(s));
  const now = check(fixture.service.mcp.view());
  if (now) return now;
  const deadline = setTimeout(() => undefined, 0);
  clearTimeout(deadline);
  const event = (await Promise.race([
    fixture.log.next((e: AppEvent) => e.type === "mcp_changed" && check(e.tools) !== undefined, fixture.log.count),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`server ${name} never reached ${what}: ${JSON.stringify(fixture.service.mcp.view().servers.find((s) => s.name === name))}`)), 90_000).unref(),
    ),
  ])) as Extract<AppEvent, { type: "mcp_changed" }>;
  return check(event.tools)!;
}

export const ready = (server: McpServerView) => server.status === "ready";

/** The tool name the model uses for a server's tool, as the app names it (joined). */
export function modelName(server: string, tool: string): string {
  return `${server}__${tool}`;
}

/** The process and all its descendants, from /proc (Linux): a guarded server is the guard and the server under it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return out;
}
