/**
 * The PostgreSQL server the tests use: ALPINE_TEST_PG_URL when set, else one throwaway
 * cluster per test run, started by the first test that asks for it (a run that needs no
 * server starts none) and stopped by the run's global teardown (postgres-global-setup.ts).
 *
 * Test files run in several worker processes: they meet in a folder the global setup made
 * (ALPINE_TEST_PG_RENDEZVOUS). The first to create `starting` starts the cluster and writes
 * `cluster.json`; the others wait for it. The URL is put in ALPINE_TEST_PG_URL, so child
 * processes a test starts reach the same server.
 */
import fs from "node:fs";
import path from "node:path";
import { startThrowawayCluster } from "./postgres-cluster";

export const URL_VARIABLE = "ALPINE_TEST_PG_URL";
export const RENDEZVOUS_VARIABLE = "ALPINE_TEST_PG_RENDEZVOUS";
const WAIT_MS = 60_000;

export interface ClusterRecord {
  url: string;
  pid: number;
  folder: string;
}

let pending: Promise<string> | null = null;

/** The URL of the tests' server (starting the run's throwaway cluster if no test has yet). */
export function testPostgresUrl(): Promise<string> {
  const given = process.env[URL_VARIABLE];
  if (given) return Promise.resolve(given);
  pending ??= meet().then((url) => {
    process.env[URL_VARIABLE] = url;
    return url;
  });
  return pending;
}

async function meet(): Promise<string> {
  const rendezvous = process.env[RENDEZVOUS_VARIABLE];
  if (!rendezvous) return startForThisProcess();
  const record = path.join(rendezvous, "cluster.json");
  const failed = path.join(rendezvous, "failed.txt");
  let starter = false;
  try {
    fs.mkdirSync(path.join(rendezvous, "starting"));
    starter = true;
  } catch {
    // another worker starts it
  }
  if (starter) {
    try {
      const cluster = await startThrowawayCluster();
      const written: ClusterRecord = { url: cluster.url, pid: cluster.pid, folder: cluster.folder };
      fs.writeFileSync(`${record}.tmp`, JSON.stringify(written));
      fs.renameSync(`${record}.tmp`, record);
      return cluster.url;
    } catch (error) {
      fs.writeFileSync(failed, String((error as Error).message));
      throw error;
    }
  }
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(record)) return (JSON.parse(fs.readFileSync(record, "utf8")) as ClusterRecord).url;
    if (fs.existsSync(failed)) throw new Error(`The tests' PostgreSQL cluster did not start: ${fs.readFileSync(failed, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The tests' PostgreSQL cluster was not ready within ${WAIT_MS} ms`);
}

/** Outside a vitest run (a script): a cluster of this process, stopped when it exits. */
async function startForThisProcess(): Promise<string> {
  const cluster = await startThrowawayCluster();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(cluster.pid, "SIGINT");
    } catch {
      // gone
    }
  };
  process.once("exit", stop);
  return cluster.url;
}
