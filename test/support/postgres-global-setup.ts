/**
 * vitest global setup: a meeting folder for the run's throwaway PostgreSQL clusters (each
 * started lazily by the first test that needs it, see postgres-test-server.ts), and the
 * teardown that stops them and removes their folders. With ALPINE_TEST_PG_URL set, the tests
 * use that server and no plain cluster is started (nor a secure one with ALPINE_TEST_PG_TLS_URL).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopPostmaster } from "./postgres-cluster";
import { type ClusterRecord, RECORD_FILES, RENDEZVOUS_VARIABLE, TLS_URL_VARIABLE, URL_VARIABLE } from "./postgres-test-server";

export default function setup(): (() => Promise<void>) | undefined {
  if (process.env[URL_VARIABLE] && process.env[TLS_URL_VARIABLE]) return undefined;
  const rendezvous = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-pg-run-"));
  process.env[RENDEZVOUS_VARIABLE] = rendezvous;
  return async () => {
    for (const name of Object.values(RECORD_FILES)) {
      const record = path.join(rendezvous, name);
      if (!fs.existsSync(record)) continue;
      const cluster = JSON.parse(fs.readFileSync(record, "utf8")) as ClusterRecord;
      await stopPostmaster(cluster.pid);
      fs.rmSync(cluster.folder, { recursive: true, force: true });
    }
    fs.rmSync(rendezvous, { recursive: true, force: true });
  };
}
