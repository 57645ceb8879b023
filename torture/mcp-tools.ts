/**
 * The mcp scenario's tools, wired the way the app wires them: the campaign's counting server
 * configured as a stdio MCP server of an McpServers hub (each server under the app's guard
 * process), its tools offered to the Agent as plain library Tools (allowed without asking,
 * as a person's "allow" default for the server does). The worker waits for the server
 * before running, as a run waits for starting servers.
 */
import { McpServers, parseServerConfig } from "../src/main/mcp";
import type { Tool } from "../src/main/agent";
import { MCP_SERVER_NAME } from "./conversation-script";

/** How the worker starts the counting server: the node arguments of its entry, then its own. */
export interface McpServerLaunch {
  command: string;
  args: string[];
}

export interface TortureMcp {
  tools: Tool[];
  /** The guard process the hub started (the server runs under it). */
  guardPid: number | null;
  /** Ends the server and its guard; resolves once both have exited. */
  shutdown(): Promise<void>;
}

/** A server that is not ready in this long failed to start: the worker reports it as fatal. */
const START_WAIT_MS = 60_000;

export class McpServerNotReadyError extends Error {
  override name = "McpServerNotReadyError";
  constructor(status: string, error: string | null) {
    super(`The torture MCP server is ${status} after ${START_WAIT_MS / 1000} s${error ? `: ${error}` : ""}`);
  }
}

export async function startTortureMcp(launch: McpServerLaunch): Promise<TortureMcp> {
  const servers = new McpServers({
    onChange: () => undefined,
    approvals: { allowsWithoutAsking: () => true, allowAlways: () => undefined, sealGrant: () => "", grantHolds: () => false },
    callTimeoutMs: () => 120_000,
    startWaitMs: START_WAIT_MS,
    connection: { startTimeoutMs: START_WAIT_MS, backoffMs: 200 },
  });
  const config = parseServerConfig(MCP_SERVER_NAME, { command: launch.command, args: launch.args }, "torture MCP server");
  await servers.configure([{ config, enabled: true, disabledTools: [] }]);
  await servers.whenSettled(START_WAIT_MS);
  const snapshot = servers.snapshot(MCP_SERVER_NAME);
  if (snapshot?.status !== "ready") {
    await servers.shutdown();
    throw new McpServerNotReadyError(snapshot?.status ?? "missing", snapshot?.error ?? null);
  }
  return { tools: servers.tools([]), guardPid: snapshot.pid, shutdown: () => servers.shutdown() };
}
