/**
 * The stdio transport: the server is a process speaking JSON-RPC lines on stdin and stdout,
 * started under a guard (guard/mcp-guard.ts) that relays them as messages and ends the
 * server when the app is gone, even after SIGKILL. Ours rather than the SDK's so that the
 * app knows the pid and how the process ended (code or signal), and keeps its stderr.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { StdioServerConfig } from "./config";
import type { GuardProcess, ServerLaunch } from "./guard-launcher";
import type { FromGuard } from "./guard/guard-protocol";
import type { McpSdk } from "./mcp-sdk";
import { serverEnvironment } from "./server-environment";
import type { StderrLog } from "./stderr-log";

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** "exited with code 1", "was killed by SIGKILL". */
export function describeExit(exit: ChildExit | null): string {
  if (!exit) return "closed its connection";
  if (exit.signal) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code}`;
}

export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set once the server has ended. */
  exit: ChildExit | null = null;
  private guard: GuardProcess | null = null;
  private guardEnded = false;
  private readonly buffer: InstanceType<McpSdk["ReadBuffer"]>;
  private readonly decoder = new TextDecoder();
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: StdioServerConfig,
    private readonly stderr: StderrLog,
    private readonly sdk: McpSdk,
    private readonly launch: ServerLaunch,
  ) {
    this.buffer = new sdk.ReadBuffer();
  }

  /** The guard's pid (the server runs under it). */
  get pid(): number | null {
    return this.guard?.pid ?? null;
  }

  /** Resolves once the server runs; rejects when it could not be started. */
  async start(): Promise<void> {
    const env = { ...serverEnvironment(this.sdk, await this.launch.environment()), ...this.config.env };
    const { command, args, cwd } = this.config;
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return error && this.onerror?.(error);
        settled = true;
        if (error) reject(error);
        else resolve();
      };
      let ended: () => void = () => undefined;
      this.exited = new Promise((done) => (ended = done));
      this.guard = this.launch.guards.launch({
        spawn: () => this.guard?.send({ type: "start", spec: { command, args, cwd, env, appPid: process.pid, ...(this.config.runtime === "app-node" ? { inProcess: true } : {}) } }),
        message: (message) => this.fromGuard(message, settle),
        stderr: (text) => this.stderr.write(text),
        exit: (code) => {
          this.guardEnded = true;
          if (!this.exit) {
            this.exit = { code, signal: null };
            this.stderr.note(`the server's guard ended (code ${code}) before the server reported its end`);
          }
          settle(new Error(`the server's guard ended (code ${code}) before the server started`));
          ended();
          this.onclose?.();
        },
      });
    });
  }

  private fromGuard(message: FromGuard, settle: (error?: Error) => void): void {
    if (message.type === "spawned") settle();
    else if (message.type === "stdout") this.read(message.data);
    else if (message.type === "stderr") this.stderr.write(this.decoder.decode(message.data));
    else if (message.type === "failed") {
      this.stderr.note(message.message);
      settle(new Error(message.message));
    } else if (message.type === "exited") {
      this.exit = { code: message.code, signal: message.signal as NodeJS.Signals | null };
      this.stderr.note(`the server ${describeExit(this.exit)}`);
      this.guard?.kill(); // its work is done
    }
  }

  private read(chunk: Uint8Array): void {
    this.buffer.append(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.guard || this.guardEnded || this.exit) return Promise.reject(new Error("The server's process is not running."));
    this.guard.send({ type: "stdin", data: new TextEncoder().encode(this.sdk.serializeMessage(message)) });
    return Promise.resolve();
  }

  /** Close stdin (a well-behaved server exits), then SIGTERM, then SIGKILL; resolves once the server and its guard are gone. */
  async close(graceMs = 4_000): Promise<void> {
    const guard = this.guard;
    if (!guard || this.guardEnded) return;
    guard.send({ type: "end-stdin" });
    if (await this.waitExit(graceMs)) return;
    guard.send({ type: "stop" });
    if (await this.waitExit(graceMs)) return;
    guard.kill();
    await this.waitExit(graceMs);
  }

  private async waitExit(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const done = await Promise.race([this.exited.then(() => true), timeout]);
    clearTimeout(timer);
    return done;
  }
}
