/**
 * Starts the model server CLI as a child process and waits for its URL line, for tests and
 * scripts whose code under test runs in another process (or that need the server to outlive one).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { connectModelServer, type ModelServerControl } from "./model-server-control";

const CLI = fileURLToPath(new URL("./model-server-cli.ts", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ModelServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  control: ModelServerControl;
  /** SIGTERM to this child's pid; resolves with its exit code once it has exited. */
  stop(): Promise<number | null>;
}

export function startModelServerProcess(
  options: { port?: number; echo?: boolean; delayMs?: number; startTimeoutMs?: number } = {},
): Promise<ModelServerProcess> {
  const args = ["--import", "tsx", CLI, "--port", String(options.port ?? 0)];
  if (options.echo) args.push("--echo");
  if (options.delayMs) args.push("--delay-ms", String(options.delayMs));
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let stdout = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      reject(new Error(`model server process ${why}; stderr: ${stderr.trim() || "(empty)"}`));
    };
    const timer = setTimeout(() => fail("printed no URL in time"), options.startTimeoutMs ?? 20_000);
    const onEarlyExit = (code: number | null) => fail(`exited with ${code} before printing its URL`);
    child.once("exit", onEarlyExit);
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      const line = stdout.split("\n").find((l, i, all) => i < all.length - 1 && l.trim());
      if (!line) return;
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        pid: child.pid!,
        child,
        control: connectModelServer(url),
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGTERM");
          return exited;
        },
      });
    });
  });
}
