/**
 * Fenced leases, for every store: two runner processes on one conversation as two machines.
 * The holder is paused with SIGSTOP inside a tool past its lease's expiry; the other takes
 * over and runs to the end; the first is resumed with SIGCONT. Not one write of the fenced
 * runner lands (the store is exactly as the second left it), it makes no model request and
 * runs no tool more, and it stops with LeaseLostError.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type TestContext, describe, it } from "vitest";
import { Agent, FileStore, PostgresStore, SqliteStore, State, type Store } from "../../src/main/agent";
import { startModelServer } from "../support/model-server";
import { testPostgresUrl } from "../support/postgres-test-server";
import { MODEL, clientFor, makeTempDir, removeDir, startChild, type Child } from "./helpers";
import type { RunnerStoreKind } from "./children/runner-store";

const RUNNER = fileURLToPath(new URL("./children/fenced-runner.ts", import.meta.url));
const PG_LEASE_MS = 1500;

interface Place {
  store: Store;
  env: Record<string, string>;
}

async function placeFor(kind: RunnerStoreKind, dir: string, context: TestContext): Promise<Place> {
  if (kind === "file") return { store: new FileStore(join(dir, "runs")), env: { RUNNER_STORE: join(dir, "runs") } };
  if (kind === "sqlite") {
    const file = join(dir, "alpine.sqlite3");
    const store = new SqliteStore(file, { leaseHost: "machine-test" });
    context.onTestFinished(() => store.close());
    return { store, env: { RUNNER_STORE: file } };
  }
  const url = await testPostgresUrl();
  const schema = `t_fence_${randomBytes(6).toString("hex")}`;
  const store = new PostgresStore(url, { schema });
  context.onTestFinished(async () => {
    await store.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });
  return { store, env: { RUNNER_STORE: schema, RUNNER_LEASE_MS: String(PG_LEASE_MS) } };
}

const saveEvents = (child: Child) =>
  child.lines.filter((line) => line.startsWith("EVENT ")).map((line) => JSON.parse(line.slice(6))).filter((event) => event.type === "save");

describe.concurrent("a runner whose lease was taken over writes nothing more", () => {
  for (const kind of ["file", "sqlite", "postgres"] as const) {
    it(`on ${kind === "file" ? "FileStore" : kind === "sqlite" ? "SqliteStore" : "PostgresStore"}`, { timeout: 120_000 }, async (context) => {
      const { expect, onTestFinished } = context;
      const server = await startModelServer();
      const dir = makeTempDir();
      const children: Child[] = [];
      onTestFinished(async () => {
        for (const child of children) {
          if (child.process.exitCode === null && child.process.signalCode === null) {
            child.process.kill("SIGCONT");
            child.process.kill("SIGKILL");
          }
        }
        await Promise.all(children.map((child) => child.exited));
        await server.close();
        removeDir(dir);
      });
      const place = await placeFor(kind, dir, context);
      const agent = new Agent({ model: MODEL, client: clientFor(server), store: place.store });
      await agent.save(new State("Do one step", { id: "fenced" }));
      server.script({ toolUses: [{ id: "call_a", name: "step", input: {} }] }, { text: "B finished the work." });

      const runner = (name: string, extra: Record<string, string> = {}) => {
        const child = startChild(RUNNER, {
          ANTHROPIC_API_KEY: "test-key",
          ANTHROPIC_BASE_URL: server.url,
          RUNNER_STORE_KIND: kind,
          RUNNER_STATE: "fenced",
          RUNNER_MARKER: join(dir, "marker.txt"),
          RUNNER_NAME: name,
          RUNNER_HOST: `machine-${name}`,
          ...place.env,
          ...extra,
        });
        children.push(child);
        return child;
      };

      const first = runner("a");
      await first.waitForLine((line) => line === "TOOL_STARTED call_a", "the first runner's tool started");
      first.process.kill("SIGSTOP");
      const second = runner("b", { RUNNER_TOOL_MS: "0" });
      const result = await second.waitForLine((line) => line.startsWith("RESULT ") || line.startsWith("FAILED "), "the second runner's end");
      expect(result).toBe('RESULT "B finished the work."');
      const afterSecond = await place.store.read("fenced");
      expect(afterSecond!.snapshot!.stoppedBy).toBe("end_turn");

      first.process.kill("SIGCONT");
      const failed = await first.waitForLine((line) => line.startsWith("FAILED ") || line.startsWith("RESULT "), "the fenced runner's end");
      expect(failed).toMatch(/^FAILED LeaseLostError: This run lost its lease on State "fenced"/);
      await first.exited;

      expect(await place.store.read("fenced")).toEqual(afterSecond); // 0 writes from the fenced runner
      const resumedSaves = saveEvents(first).filter((event) => event.point !== "run_start" && event.point !== "after_think");
      expect(resumedSaves.length).toBeGreaterThan(0);
      for (const event of resumedSaves) expect(event).toMatchObject({ ok: false, error: expect.stringContaining("LeaseLostError") });
      expect(server.requests).toHaveLength(2); // no model request from the fenced runner
      expect(readFileSync(join(dir, "marker.txt"), "utf8")).toBe("a ran call_a\n"); // and no tool run twice
    });
  }
});
