/**
 * Every configured MCP server, each a ServerConnection: started in the background,
 * reconfigured when settings change (only the servers whose configuration changed are
 * restarted), offered to runs as library Tools, and all stopped in the one shutdown.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalSettings } from "./approval";
import type { McpServerConfig } from "./config";
import { McpServerUnavailableError } from "./errors";
import { type McpTool, mcpTool } from "./mcp-tool";
import { ServerConnection, type ServerConnectionOptions } from "./server-connection";
import type { ServerSnapshot } from "./server-state";
import { assignToolNames } from "./tool-names";

export interface McpServersOptions {
  /** Told after any server's state or tools changed. */
  onChange(): void;
  approvals: ApprovalSettings;
  /** The per-call timeout, read at each call (a setting; default 120 s). */
  callTimeoutMs(): number;
  /** How long a call waits for its server to finish starting (default 30 s). */
  startWaitMs?: number;
  connection?: Omit<ServerConnectionOptions, "onChange">;
}

export interface ServerChoice {
  config: McpServerConfig;
  enabled: boolean;
  /** Tool names the person turned off. */
  disabledTools: string[];
}

export const DEFAULT_CALL_TIMEOUT_MS = 120_000;

export class McpServers {
  private readonly servers = new Map<string, ServerConnection>();
  private choices: ServerChoice[] = [];
  private closed = false;

  constructor(private readonly options: McpServersOptions) {}

  /** Apply the configuration: stop removed, changed or disabled servers; start new or enabled ones. */
  async configure(choices: ServerChoice[]): Promise<void> {
    if (this.closed) return;
    this.choices = choices.map((c) => ({ ...c, disabledTools: [...c.disabledTools] }));
    const stopping: Promise<void>[] = [];
    const wanted = new Map(choices.filter((c) => c.enabled).map((c) => [c.config.name, c.config]));
    for (const [name, server] of this.servers) {
      const config = wanted.get(name);
      if (config && JSON.stringify(config) === JSON.stringify(server.config)) continue;
      this.servers.delete(name);
      stopping.push(server.stop());
    }
    for (const [name, config] of wanted) {
      if (this.servers.has(name)) continue;
      const server = new ServerConnection(config, { ...this.options.connection, onChange: () => this.options.onChange() });
      this.servers.set(name, server);
      server.start();
    }
    this.options.onChange();
    await Promise.all(stopping);
  }

  snapshot(name: string): ServerSnapshot | null {
    return this.servers.get(name)?.snapshot() ?? null;
  }

  stderr(name: string): string[] {
    return this.servers.get(name)?.stderr.tail() ?? [];
  }

  /** Stop and start one server again (e.g. after it gave up restarting). */
  async restart(name: string): Promise<void> {
    const server = this.servers.get(name);
    if (!server) return;
    await server.stop();
    if (!this.closed && this.servers.get(name) === server) server.start();
  }

  /** Wait (at most `ms`) until no enabled server is still starting. */
  async whenSettled(ms: number): Promise<void> {
    await Promise.all([...this.servers.values()].map((s) => s.whenSettled(ms)));
  }

  /** The enabled tools of the enabled servers, named uniquely beside the `taken` names. */
  tools(taken: Iterable<string>): McpTool[] {
    const found: { server: string; tool: import("./server-state").ServerTool }[] = [];
    for (const choice of this.choices) {
      const server = this.servers.get(choice.config.name);
      if (!choice.enabled || !server) continue;
      for (const tool of server.snapshot().tools) if (!choice.disabledTools.includes(tool.name)) found.push({ server: choice.config.name, tool });
    }
    const names = assignToolNames(found.map((f) => ({ server: f.server, tool: f.tool.name })), taken);
    return found.map((f, i) => mcpTool(names[i], f.server, f.tool, this.options.approvals, (s, t, input, signal) => this.call(s, t, input, signal)));
  }

  async call(serverName: string, tool: string, input: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    const server = this.servers.get(serverName);
    if (!server) throw new McpServerUnavailableError(serverName, "it is turned off or no longer configured.");
    await server.whenSettled(this.options.startWaitMs ?? 30_000);
    return server.callTool(tool, input, signal, this.options.callTimeoutMs());
  }

  /** Stop every server; resolves once every process has ended. */
  async shutdown(): Promise<void> {
    this.closed = true;
    const all = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(all.map((s) => s.stop()));
  }
}
