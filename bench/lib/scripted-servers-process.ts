/**
 * Starts the benchmark's scripted model servers (Anthropic Messages and OpenAI-compatible Chat
 * Completions) in a child process, so the measured process holds only the library and its SDK.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ServerName, ServersAnswer, ServersRequest } from "./scripted-servers-protocol";

const CHILD = fileURLToPath(new URL("./scripted-servers-child.ts", import.meta.url));

export interface TakenRequests {
  count: number;
  /** The size of the last request's body in bytes (0: none arrived). */
  lastBytes: number;
  lastBody?: unknown;
}

export interface ScriptedServersProcess {
  urls: Record<ServerName, string>;
  /** How many requests `server` received since the last take (and the last one's body when asked). */
  take(server: ServerName, withLastBody?: boolean): Promise<TakenRequests>;
  close(): Promise<void>;
}

export async function startScriptedServersProcess(replyChars: number): Promise<ScriptedServersProcess> {
  const child: ChildProcess = fork(CHILD, [String(replyChars)], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const waiting = new Map<number, (answer: ServersAnswer) => void>();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const started = new Promise<ServersAnswer>((resolve, reject) => {
    waiting.set(0, resolve);
    child.once("exit", (code) => reject(new Error(`the scripted servers' process exited with ${code} before it listened`)));
  });
  child.on("message", (answer: ServersAnswer) => {
    const resolve = waiting.get(answer.id);
    waiting.delete(answer.id);
    resolve?.(answer);
  });
  const { urls } = await started;
  let next = 1;
  return {
    urls: urls!,
    take(server, withLastBody = false) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, (answer) => resolve({ count: answer.count ?? 0, lastBytes: answer.lastBytes ?? 0, lastBody: answer.lastBody }));
        child.send({ id, type: "take", server, withLastBody } satisfies ServersRequest);
      });
    },
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
