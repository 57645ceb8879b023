/**
 * The acknowledgements scenario's child: the test host (test/support/test-host-cli.ts), the
 * real service behind the window's WebSocket protocol, on a data folder whose storage.json
 * picks SQLite (the default) or a PostgreSQL database. Started bundled like the campaign's
 * other children (worker-launch.ts), as the window tests start it (startReadyChild); killed by its pid.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startReadyChild } from "../test/e2e/support/child-process";
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

/** The service keeps its conversations on this PostgreSQL database (storage.json, as Settings → Storage writes it). */
export function usePostgresStorage(dataFolder: string, url: string): void {
  writeFileSync(join(dataFolder, "storage.json"), JSON.stringify({ version: 1, kind: "postgres", server: { url, tls: "disable", caFile: null } }));
}

export async function startAckHost(dataFolder: string, modelUrl: string): Promise<AckHost> {
  const args = [...childArgs("test-host"), "--data", dataFolder, "--model-url", modelUrl];
  const host = await startReadyChild<{ url: string; wsUrl: string }>(args, { cwd: REPO_ROOT, what: "the test host", timeoutMs: 60_000 });
  return { pid: host.pid, url: host.ready.url, wsUrl: host.ready.wsUrl, kill: () => void host.stop("SIGKILL"), exited: host.exited, stderr: host.stderr };
}
