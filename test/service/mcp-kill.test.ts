/**
 * Real kills of the app's process (the service in a child process, SIGKILL): stdio
 * servers exit on their own once the app is gone, under guards that are Node child processes
 * and under guards on (stand-in) utility processes that die with the app, where only the
 * sentinel is left to end the server; an MCP call running at the kill gets
 * the unknown result on relaunch, Continue sends the model that text, and the server ran
 * the call exactly once.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { isProcessAlive, UNKNOWN_RESULT_TEXT } from "../../src/main/agent";
import type { ConversationView } from "../../src/shared/view-types";
import { startModelServer, type ModelServer, sentMessages } from "../support/model-server";
import { startMcpHttpServer, type McpHttpTestServer } from "../support/mcp/http-test-server";
import { runsOf } from "../support/mcp/test-mcp-tools";
import { type Child, startChild } from "../agent/helpers";
import { makeTempDir, openService, removeDir } from "./helpers";
import { EVERYTHING_SERVER, STDIO_TEST_SERVER, processTree, MCP_TEST_TIMEOUT_MS } from "./mcp-helpers";
import { isZombie } from "../../torture/mcp-processes";
import { TSX_LOADER } from "../agent/helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

const APP = fileURLToPath(new URL("./children/mcp-app.ts", import.meta.url));

let work: string;
let model: ModelServer;
let http: McpHttpTestServer | null = null;
let child: Child | null = null;
beforeEach(async () => {
  work = makeTempDir();
  model = await startModelServer();
});
afterEach(async () => {
  if (child && child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
  await http?.close();
  http = null;
  await model.close();
  removeDir(work);
});

const lineOf = (text: string) => JSON.parse(text) as { type: string; [key: string]: any };

/** Two stdio servers (one that ignores its stdin closing) under `guards`; SIGKILL the app; every process under the guards ends. */
async function killLeavesNoServer(guards: "node" | "utility"): Promise<void> {
  const config = {
    mcpServers: {
      counter: { command: process.execPath, args: ["--import", TSX_LOADER, STDIO_TEST_SERVER, path.join(work, "counts.txt")] },
      everything: { command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] },
    },
  };
  child = startChild(APP, { DATA_FOLDER: path.join(work, "data"), MODEL_URL: model.url, MCP_CONFIG: JSON.stringify(config), GUARDS: guards });
  const readyLine = await child.waitForLine((l) => {
    const line = lineOf(l);
    return line.type === "servers" && line.servers.length === 2 && line.servers.every((s: { status: string }) => s.status === "ready");
  }, "both servers ready");
  const pids: number[] = lineOf(readyLine).servers.flatMap((s: { pid: number }) => processTree(s.pid));
  expect(pids.length).toBeGreaterThanOrEqual(4); // each server under its guard
  expect(pids.every((pid) => isProcessAlive(pid))).toBe(true);
  child.process.kill("SIGKILL");
  await child.exited;
  await expect.poll(() => pids.filter((pid) => isProcessAlive(pid) && !isZombie(pid)), { timeout: 30_000, interval: 100 }).toEqual([]);
}

it("after the app is SIGKILLed, its stdio servers exit on their own (guards as Node child processes)", () => killLeavesNoServer("node"));

it("after the app is SIGKILLed, its stdio servers exit on their own (guards on utility processes, ended at once with the app)", () => killLeavesNoServer("utility"));

it("a kill while a slow MCP tool runs: the unknown result on relaunch, Continue sends it, the server ran the call once", async () => {
  const counts = path.join(work, "counts.txt");
  http = await startMcpHttpServer(counts);
  const dataFolder = path.join(work, "data");
  model.script({ toolUses: [{ id: "toolu_slow", name: "web__slow", input: { ms: 120_000 } }] });
  child = startChild(APP, { DATA_FOLDER: dataFolder, MODEL_URL: model.url, MCP_CONFIG: JSON.stringify({ mcpServers: { web: { type: "http", url: http.url } } }), MCP_ALLOW: "1", TASK: "Do the slow thing" });
  const started = lineOf(await child.waitForLine((l) => lineOf(l).type === "started", "started"));
  await child.waitForLine((l) => lineOf(l).type === "tool_start", "the call started");
  await expect.poll(() => runsOf(counts, "slow"), { timeout: 10_000 }).toBe(1);
  child.process.kill("SIGKILL");
  await child.exited;

  const fixture = await openService({ dataFolder, model });
  try {
    const view = await fixture.call<ConversationView>("conversations:get", { id: started.id });
    expect(view.interruption?.kind).toBe("killed");
    fixture.model.script({ text: "The slow thing may or may not have happened." });
    const mark = fixture.log.count;
    await fixture.call("runs:continue", { id: started.id });
    await fixture.log.step(started.id, "run_end", mark);
    const after = await fixture.call<ConversationView>("conversations:get", { id: started.id });
    expect(after.entries.find((e) => e.kind === "tool_result" && e.callId === "toolu_slow")).toMatchObject({ status: "unknown", text: UNKNOWN_RESULT_TEXT });
    const sent = sentMessages(fixture.model.requests.at(-1)!).at(-1).content;
    expect(sent).toContainEqual({ type: "tool_result", tool_use_id: "toolu_slow", content: UNKNOWN_RESULT_TEXT, is_error: true });
    expect(runsOf(counts, "slow")).toBe(1);
  } finally {
    await fixture.service.shutdown();
  }
});
