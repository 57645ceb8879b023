import { it, expect } from "vitest";
import { join } from "node:path";
import { startModelServer } from "../support/model-server";
import { makeTempDir, removeDir, startChild } from "./helpers";
const RUNNER = join(__dirname, "children/runner.ts");
it("repro", async () => {
  const server = await startModelServer();
  server.setFallback({ toolUses: [{ name: "slow_task", input: {} }, { name: "note", input: {} }] });
  const results: string[] = [];
  await Promise.all(Array.from({ length: 6 }, async (_, i) => {
    const dir = makeTempDir();
    const child = startChild(RUNNER, { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.url, RUNNER_STORE: join(dir, "runs"), RUNNER_STATE: `s${i}`, RUNNER_MARKER: join(dir, "m"), RUNNER_SIGNALS: "1" });
    await child.waitForLine((l) => l.startsWith("TOOL_STARTED"));
    child.process.kill("SIGTERM");
    const exit = await child.exited;
    results.push(`${exit.code} ${exit.code !== 143 ? child.stderr() + child.lines.filter(l=>!l.startsWith("EVENT")).join("|") + " last:" + child.lines.slice(-3).join("\n") : ""}`);
    removeDir(dir);
  }));
  console.log(results.join("\n"));
  await server.close();
}, 120000);
