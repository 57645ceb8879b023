/**
 * vitest global setup: a meeting folder for the run's throwaway PostgreSQL cluster (started
 * lazily by the first test that needs it, see postgres-test-server.ts), and the teardown
 * that stops it and removes its folder. With ALPINE_TEST_PG_URL set, the tests use that
 * server and nothing is started.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopPostmaster } from "./postgres-cluster";
import { type ClusterRecord, RENDEZVOUS_VARIABLE, URL_VARIABLE } from "./postgres-test-server";

export default function setup(): (() => Promise<void>) | undefined {
  if (process.env[URL_VARIABLE]) return undefined;
  const rendezvous = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-pg-run-"));
  process.env[RENDEZVOUS_VARIABLE] = rendezvous;
  return async () => {
    const record = path.join(rendezvous, "cluster.json");
    if (fs.existsSync(record)) {
      const cluster = JSON.parse(fs.readFileSync(record, "utf8")) as ClusterRecord;
      await stopPostmaster(cluster.pid);
      fs.rmSync(cluster.folder, { recursive: true, force: true });
    }
    fs.rmSync(rendezvous, { recursive: true, force: true });
  };
}
