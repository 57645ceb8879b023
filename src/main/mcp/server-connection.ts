/**
 * One configured MCP server, kept running in the background: started (never awaited by
 * the window), its tools listed and followed (`notifications/tools/list_changed`),
 * restarted with backoff after a crash or a failed start, and stopped in the shutdown.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describeExit } from "./child-transport";
import type { McpServerConfig } from "./config";
import { type Connection, connectServer } from "./connect";
import type { ServerLaunch } from "./guard-launcher";
import { defaultServerLaunch } from "./default-launch";
import { McpCallTimeoutError, McpServerExitedError, McpServerUnavailableError } from "./errors";
import type { ServerSnapshot, ServerStatus, ServerTool } from "./server-state";
import { StderrLog } from "./stderr-log";
import { explainStartFailure } from "./start-failure";

export interface ServerConnectionOptions {
  /** Told after every change of state or tools. */
  onChange(): void;
  /** How long connecting and listing may take (default 30 s). */
  startTimeoutMs?: number;
  /** First restart delay, doubled each attempt up to 30 s (default 500 ms). */
  backoffMs?: number;
  /** Restarts after failures in a row before the server stays failed (default 5). */
  maxAttempts?: number;
  /** How stdio servers are started (default: guards as Node child processes, the app's environment). */
  launch?: ServerLaunch;
}

export class ServerConnection {
  readonly stderr = new StderrLog();
  private status: ServerStatus = "stopped";
  private tools: ServerTool[] = [];
  private error: string | null = null;
  private connection: Connection | null = null;
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly config: McpServerConfig,
    private readonly options: ServerConnectionOptions,
  ) {}

  snapshot(): ServerSnapshot {
    return {
      name: this.config.name,
      status: this.status,
      tools: this.tools.map((t) => ({ ...t })),
      error: this.error,
      pid: this.connection?.child?.pid ?? null,
      transport: this.connection?.transport ?? null,
      attempts: this.attempts,
    };
  }

  /** Start in the background; returns at once. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempts = 0;
    void this.connect();
  }

  /** Wait (at most `ms`) until the server is ready or has failed; true when ready. */
  async whenSettled(ms: number): Promise<boolean> {
    if (this.status === "starting" || this.status === "restarting") {
      let timer: NodeJS.Timeout | undefined;
      let wake: () => void = () => undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        this.waiters.add(wake);
        timer = setTimeout(resolve, ms);
      });
      clearTimeout(timer);
      this.waiters.delete(wake);
    }
    return this.status === "ready";
  }

  async callTool(tool: string, args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number): Promise<CallToolResult> {
    const connection = this.connection;
    if (!connection || this.status !== "ready") throw new McpServerUnavailableError(this.config.name, this.unavailableReason());
    // A signal of its own per call: the SDK adds a listener to the signal it is given and
    // never removes it, and a run's signal serves many calls.
    const call = new AbortController();
    const forward = () => call.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener("abort", forward, { once: true });
    try {
      return (await connection.client.callTool({ name: tool, arguments: args }, undefined, { signal: call.signal, timeout: timeoutMs })) as CallToolResult;
    } catch (error) {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : error;
      const { McpError, ErrorCode } = connection.sdk;
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) throw new McpCallTimeoutError(this.config.name, tool, timeoutMs);
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        throw new McpServerExitedError(this.config.name, tool, describeExit(connection.child?.exit ?? null));
      }
      throw error;
    } finally {
      signal.removeEventListener("abort", forward);
    }
  }

  /** Stop the server (and any restart); resolves once its process has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const connection = this.connection;
    this.connection = null;
    this.setStatus("stopped", null);
    await connection?.client.close().catch(() => undefined);
    await connection?.child?.close().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.setStatus(this.attempts === 0 ? "starting" : "restarting", this.error);
    let connection: Connection | null = null;
    try {
      connection = await connectServer(this.config, this.stderr, this.options.startTimeoutMs ?? 30_000, this.options.launch ?? defaultServerLaunch());
      if (this.stopped) throw new Error("stopped");
      this.connection = connection;
      this.watch(connection);
      this.tools = await listAllTools(connection.client, this.options.startTimeoutMs ?? 30_000);
      if (this.stopped || this.connection !== connection) return;
      this.attempts = 0;
      this.setStatus("ready", null);
    } catch (error) {
      if (this.connection === connection) this.connection = null;
      await connection?.client.close().catch(() => undefined);
      if (this.stopped) return;
      this.fail(explainStartFailure(this.config, error, this.options.startTimeoutMs ?? 30_000));
    }
  }

  private watch(connection: Connection): void {
    const { client } = connection;
    client.setNotificationHandler(connection.sdk.ToolListChangedNotificationSchema, async () => {
      try {
        const tools = await listAllTools(client, this.options.startTimeoutMs ?? 30_000);
        if (this.connection !== connection) return;
        this.tools = tools;
        this.options.onChange();
      } catch (error) {
        this.stderr.note(`the changed tool list could not be read: ${(error as Error).message}`);
      }
    });
    client.onclose = () => {
      if (this.connection !== connection || this.stopped) return;
      this.connection = null;
      this.fail(`The server ${describeExit(connection.child?.exit ?? null)}.`);
    };
  }

  /** Restart after a backoff, unless too many attempts failed in a row. */
  private fail(reason: string): void {
    const lines = this.stderr.tail(5).join("\n");
    const error = lines ? `${reason}\nLast lines of its stderr:\n${lines}` : reason;
    const max = this.options.maxAttempts ?? 5;
    if (this.attempts >= max) {
      this.setStatus("failed", `${error}\nGave up after ${max} restarts; turn the server off and on to try again.`);
      return;
    }
    const delay = Math.min(30_000, (this.options.backoffMs ?? 500) * 2 ** this.attempts);
    this.attempts += 1;
    this.setStatus("failed", error);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) void this.connect();
    }, delay);
    this.retryTimer.unref?.();
  }

  private unavailableReason(): string {
    if (this.status === "failed") return this.error ?? "it failed.";
    if (this.status === "stopped") return "it is turned off.";
    return `it is ${this.status}; try again in a moment.`;
  }

  private setStatus(status: ServerStatus, error: string | null): void {
    this.status = status;
    this.error = error;
    if (status !== "starting" && status !== "restarting") for (const wake of [...this.waiters]) wake();
    this.options.onChange();
  }
}

async function listAllTools(client: Client, timeoutMs: number): Promise<ServerTool[]> {
  const tools: ServerTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
    for (const tool of page.tools) {
      tools.push({
        name: tool.name,
        ...(tool.title ? { title: tool.title } : {}),
        description: tool.description ?? "",
        inputSchema: tool.inputSchema as ServerTool["inputSchema"],
        ...(tool.annotations ? { annotations: { ...tool.annotations } } : {}),
      });
    }
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}
