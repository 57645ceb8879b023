/**
 * The library's kill tests on PostgresStore: a runner process killed with SIGKILL while a tool
 * runs leaves that call open; the next run (another process, as another machine) takes the
 * lease over once it expired on the server's clock, gives the call exactly the unknown
 * result without running the tool again, keeps a sibling's saved result, and finishes.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { it } from "vitest";
import pg from "pg";
import { Agent, PostgresStore, StateBusyError, UNKNOWN_RESULT_TEXT, type State, type Tool } from "../../src/main/agent";
import { testPostgresUrl } from "../support/postgres-test-server";
import { MODEL, clientFor, useRunnerChildren } from "./helpers";
import { sentMessages } from "../support/model-server";

const RUNNER = fileURLToPath(new URL("./children/runner.ts", import.meta.url));

const markingTools = (): Tool[] => [
  { name: "slow_task", description: "Takes a long time and ignores aborts.", inputSchema: { type: "object" }, run: () => { throw new Error("slow_task must not run again after a kill"); } },
  { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted" },
];

async function runOnceFree(agent: Agent, load: () => Promise<State>): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await agent.run(await load());
    } catch (error) {
      if (!(error instanceof StateBusyError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

it("SIGKILL while a tool runs on PostgresStore: the next runner sends the unknown result, the tool ran once", { timeout: 120_000 }, async (context) => {
  const { expect, onTestFinished } = context;
  const { server, dir, runner } = await useRunnerChildren(RUNNER, context);
  const url = await testPostgresUrl();
  const schema = `t_kill_${randomBytes(6).toString("hex")}`;
  const store = new PostgresStore(url, { schema });
  onTestFinished(async () => {
    await store.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });
  server.script({ toolUses: [{ id: "call_slow", name: "slow_task", input: {} }, { id: "call_note", name: "note", input: {} }] });
  const child = runner("killed-in-tool", { RUNNER_STORE_KIND: "postgres", RUNNER_STORE: schema, RUNNER_LEASE_MS: "1500" });
  await child.waitForLine((l) => l === "TOOL_STARTED call_slow", "TOOL_STARTED");
  await child.waitForLine((l) => l.startsWith("EVENT ") && JSON.parse(l.slice(6)).type === "save" && JSON.parse(l.slice(6)).point === "tool_result", "the sibling's result saved");

  const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: markingTools() });
  const busy = await agent.run(await store.load("killed-in-tool")).catch((error: unknown) => error);
  expect(busy).toBeInstanceOf(StateBusyError); // the live child holds the lease
  expect((busy as Error).message).toContain(`process ${child.process.pid}`);

  child.process.kill("SIGKILL");
  expect((await child.exited).signal).toBe("SIGKILL");
  const loaded = await store.load("killed-in-tool");
  expect(loaded.history.find((e) => e.kind === "tool_result" && e.callId === "call_slow")).toMatchObject({ status: "unknown", text: UNKNOWN_RESULT_TEXT });
  server.script({ text: "I will check whether the slow task took effect." });
  expect(await runOnceFree(agent, () => store.load("killed-in-tool"))).toBe("I will check whether the slow task took effect.");
  const results = sentMessages(server.requests.at(-1)!)[2].content;
  expect(results).toContainEqual({ type: "tool_result", tool_use_id: "call_slow", content: UNKNOWN_RESULT_TEXT, is_error: true });
  expect(results).toContainEqual({ type: "tool_result", tool_use_id: "call_note", content: "noted" });
  expect(readFileSync(join(dir, "marker.txt"), "utf8")).toBe("ran call_slow\n");
  const again = await store.load("killed-in-tool");
  expect(again.stoppedBy).toBe("end_turn");
  expect(again.history.filter((e) => e.kind === "tool_result" && e.status === "unknown")).toHaveLength(1);
});
