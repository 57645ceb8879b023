/**
 * Starts a Node child that prints one JSON line when it is ready, and stops it by its own
 * pid with the signal a test asks for (SIGTERM for a clean stop, SIGKILL for a crash).
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface ReadyChild<T> {
  ready: T;
  pid: number;
  child: ChildProcess;
  /** Everything the child wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** Resolves with how the child ended, whoever ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to this child (if it still runs, synchronously) and resolves once it has exited. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startReadyChild<T>(args: string[], options: { cwd: string; what: string; timeoutMs?: number }): Promise<ReadyChild<T>> {
  const child = spawn(process.execPath, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let stdout = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      reject(new Error(`${options.what} ${why}; stderr: ${stderr.trim() || "(empty)"}`));
    };
    const timer = setTimeout(() => fail("printed nothing in time"), options.timeoutMs ?? 30_000);
    const onEarlyExit = (code: number | null) => fail(`exited with ${code} before it was ready`);
    child.once("exit", onEarlyExit);
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      const line = stdout.split("\n").find((l, i, all) => i < all.length - 1 && l.trim().startsWith("{"));
      if (!line) return;
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      child.stdout!.removeAllListeners("data");
      child.stdout!.resume();
      resolve({
        ready: JSON.parse(line) as T,
        pid: child.pid!,
        child,
        stderr: () => stderr,
        exited,
        stop: (signal) => {
          if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, signal);
          return exited;
        },
      });
    });
  });
}
