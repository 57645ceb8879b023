/**
 * The PostgreSQL server the tests use: ALPINE_TEST_PG_URL when set, else one throwaway
 * cluster per test run, started by the first test that asks for it (a run that needs no
 * server starts none) and stopped by the run's global teardown (postgres-global-setup.ts).
 *
 * Test files run in several worker processes: they meet in a folder the global setup made
 * (ALPINE_TEST_PG_RENDEZVOUS). The first to create `starting` starts the cluster and writes
 * `cluster.json`; the others wait for it. The URL is put in ALPINE_TEST_PG_URL, so child
 * processes a test starts reach the same server.
 *
 * A second, secure server (TLS and a password required, see postgres-cluster.ts) is started
 * the same way, only by the tests that ask for it: `secureTestPostgres()`, or the server
 * ALPINE_TEST_PG_TLS_URL names (its URL with the password) with ALPINE_TEST_PG_TLS_CA (the file
 * of the authority that signed its certificate).
 */
import fs from "node:fs";
import path from "node:path";
import { type ClusterOptions, startThrowawayCluster } from "./postgres-cluster";

export const URL_VARIABLE = "ALPINE_TEST_PG_URL";
export const RENDEZVOUS_VARIABLE = "ALPINE_TEST_PG_RENDEZVOUS";
export const TLS_URL_VARIABLE = "ALPINE_TEST_PG_TLS_URL";
export const TLS_CA_VARIABLE = "ALPINE_TEST_PG_TLS_CA";
/** The record each kind of cluster leaves in the meeting folder. */
export const RECORD_FILES = { plain: "cluster.json", secure: "secure-cluster.json" } as const;
type Kind = keyof typeof RECORD_FILES;
const WAIT_MS = 60_000;

export interface ClusterRecord {
  url: string;
  pid: number;
  folder: string;
  /** A secure cluster's certificate authority. */
  caFile?: string;
}

/** A server that accepts only TLS with a password: its URL (with the password, no TLS parameters) and its authority's file. */
export interface SecureTestServer {
  url: string;
  caFile: string;
}

let pending: Promise<string> | null = null;
let pendingSecure: Promise<SecureTestServer> | null = null;

/** The URL of the tests' server (starting the run's throwaway cluster if no test has yet). */
export function testPostgresUrl(): Promise<string> {
  const given = process.env[URL_VARIABLE];
  if (given) return Promise.resolve(given);
  pending ??= meet("plain").then(({ url }) => {
    process.env[URL_VARIABLE] = url;
    return url;
  });
  return pending;
}

/** The tests' secure server (starting the run's secure throwaway cluster if no test has yet). */
export function secureTestPostgres(): Promise<SecureTestServer> {
  const url = process.env[TLS_URL_VARIABLE];
  const caFile = process.env[TLS_CA_VARIABLE];
  if (url && caFile) return Promise.resolve({ url, caFile });
  if (url) return Promise.reject(new Error(`${TLS_URL_VARIABLE} is set without ${TLS_CA_VARIABLE}, the certificate authority file of that server.`));
  pendingSecure ??= meet("secure").then((record) => ({ url: record.url, caFile: record.caFile! }));
  return pendingSecure;
}

async function meet(kind: Kind): Promise<ClusterRecord> {
  const rendezvous = process.env[RENDEZVOUS_VARIABLE];
  if (!rendezvous) return startForThisProcess(kind);
  const record = path.join(rendezvous, RECORD_FILES[kind]);
  const failed = path.join(rendezvous, `${kind}-failed.txt`);
  let starter = false;
  try {
    fs.mkdirSync(path.join(rendezvous, `${kind}-starting`));
    starter = true;
  } catch {
    // another worker starts it
  }
  if (starter) {
    try {
      const cluster = await startThrowawayCluster(optionsOf(kind));
      const written: ClusterRecord = { url: cluster.url, pid: cluster.pid, folder: cluster.folder, caFile: cluster.secure?.caFile };
      fs.writeFileSync(`${record}.tmp`, JSON.stringify(written));
      fs.renameSync(`${record}.tmp`, record);
      return written;
    } catch (error) {
      fs.writeFileSync(failed, String((error as Error).message));
      throw error;
    }
  }
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(record)) return JSON.parse(fs.readFileSync(record, "utf8")) as ClusterRecord;
    if (fs.existsSync(failed)) throw new Error(`The tests' PostgreSQL cluster did not start: ${fs.readFileSync(failed, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The tests' PostgreSQL cluster was not ready within ${WAIT_MS} ms`);
}

const optionsOf = (kind: Kind): ClusterOptions => ({ secure: kind === "secure" });

/** Outside a vitest run (a script): a cluster of this process, stopped when it exits. */
async function startForThisProcess(kind: Kind): Promise<ClusterRecord> {
  const cluster = await startThrowawayCluster(optionsOf(kind));
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
  return { url: cluster.url, pid: cluster.pid, folder: cluster.folder, caFile: cluster.secure?.caFile };
}
