/**
 * The stdio transport: the server is a child process speaking JSON-RPC lines on stdin and
 * stdout. Ours rather than the SDK's so that the app knows the pid and how the process
 * ended (code or signal), and keeps its stderr. The server runs under a guard
 * (process-guard.ts) whose stdin is a pipe from this process: when the app dies, even by
 * SIGKILL, the pipe closes and the guard ends the server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { StdioServerConfig } from "./config";
import { guardedSpawn } from "./process-guard";
import type { McpSdk } from "./mcp-sdk";
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
  /** Set once the process has ended. */
  exit: ChildExit | null = null;
  private child: ChildProcess | null = null;
  private readonly buffer: InstanceType<McpSdk["ReadBuffer"]>;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: StdioServerConfig,
    private readonly stderr: StderrLog,
    private readonly sdk: McpSdk,
  ) {
    this.buffer = new sdk.ReadBuffer();
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    const { command, args, env, cwd } = this.config;
    return new Promise((resolve, reject) => {
      const guarded = guardedSpawn(command, args, cwd);
      const child = spawn(guarded.command, guarded.args, {
        env: { ...this.sdk.getDefaultEnvironment(), ...env, ...guarded.env },
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      });
      this.child = child;
      this.exited = new Promise((done) => child.once("close", () => done()));
      child.once("error", (error) => {
        this.stderr.note(`could not start "${command}": ${error.message}`);
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      child.once("exit", (code, signal) => {
        this.exit = { code, signal };
        this.stderr.note(`the server ${describeExit(this.exit)}`);
      });
      child.once("close", () => this.onclose?.());
      child.stdout!.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr!.setEncoding("utf8").on("data", (chunk: string) => this.stderr.write(chunk));
      child.stdin!.on("error", (error) => this.onerror?.(error));
    });
  }

  private read(chunk: Buffer): void {
    this.buffer.append(chunk);
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
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) return Promise.reject(new Error("The server's process is not running."));
    return new Promise((resolve) => {
      if (stdin.write(this.sdk.serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Close stdin (a well-behaved server exits), then SIGTERM, then SIGKILL; resolves once the process is gone. */
  async close(graceMs = 4_000): Promise<void> {
    const child = this.child;
    if (!child || this.exit || child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    if (await this.waitExit(graceMs)) return;
    child.kill("SIGTERM");
    if (await this.waitExit(graceMs)) return;
    child.kill("SIGKILL");
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
