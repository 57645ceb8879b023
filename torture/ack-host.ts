/**
 * The acknowledgements scenario's child: the test host (test/support/test-host-cli.ts), the
 * real service behind the window's WebSocket protocol, on a data folder whose storage.json
 * picks SQLite (the default) or a PostgreSQL database. Started bundled like the campaign's
 * other children (worker-launch.ts); killed by its pid.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, childArgs } from "./worker-launch";

export interface AckHost {
  pid: number;
  url: string;
  wsUrl: string;
  /** SIGKILL, sent synchronously: the caller's next line runs after it is delivered. */
  kill(): void;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

export class AckHostStartError extends Error {
  override name = "AckHostStartError";
}

/** The service keeps its conversations on this PostgreSQL database (storage.json, as Settings → Storage writes it). */
export function usePostgresStorage(dataFolder: string, url: string): void {
  writeFileSync(join(dataFolder, "storage.json"), JSON.stringify({ version: 1, kind: "postgres", server: { url, tls: "disable", caFile: null } }));
}

export function startAckHost(dataFolder: string, modelUrl: string): Promise<AckHost> {
  const child: ChildProcess = spawn(process.execPath, [...childArgs("test-host"), "--data", dataFolder, "--model-url", modelUrl], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new AckHostStartError(`the test host printed nothing in 60 s; stderr: ${stderr.trim()}`));
    }, 60_000);
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new AckHostStartError(`the test host exited (${code ?? signal}) before it listened; stderr: ${stderr.trim()}`));
    };
    child.once("exit", onEarlyExit);
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      const line = stdout.split("\n").find((l, i, all) => i < all.length - 1 && l.startsWith("{"));
      if (!line) return;
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      child.stdout!.removeAllListeners("data");
      child.stdout!.resume();
      const ready = JSON.parse(line) as { url: string; wsUrl: string; pid: number };
      resolve({
        pid: child.pid!,
        url: ready.url,
        wsUrl: ready.wsUrl,
        kill: () => {
          if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGKILL");
        },
        exited,
        stderr: () => stderr,
      });
    });
  });
}
