/**
 * Approval of MCP calls (the counting HTTP test server, over Streamable HTTP with a
 * required header): ask first by default with the four choices and the tool's hints;
 * Allow in this conversation asks no second time there; Always allow is kept in settings;
 * Deny runs nothing; a question pending at shutdown waits after a restart, and Allow then
 * runs the call exactly once. Every stdio server process ends in the shutdown.
 */
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { isProcessAlive } from "../../src/main/agent";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import type { ConversationView } from "../../src/shared/view-types";
import { startMcpHttpServer, type McpHttpTestServer } from "../support/mcp/http-test-server";
import { runsOf } from "../support/mcp/test-mcp-tools";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { FAST_RESTARTS, EVERYTHING_SERVER, processTree, ready, testServerInput, waitForServer, MCP_TEST_TIMEOUT_MS } from "./mcp-helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

let fixture: ServiceFixture;
let work: string;
let counts: string;
let http: McpHttpTestServer;
const keeper = new MemorySecretKeeper();
beforeEach(async () => {
  work = makeTempDir();
  counts = path.join(work, "counts.txt");
  http = await startMcpHttpServer(counts, { requireHeader: ["x-api-key", "k-123"] });
  fixture = await openService({ service: { ...FAST_RESTARTS, mcpSecrets: keeper } });
  await fixture.call("tools:addServer", { name: "web", transport: "http", url: http.url, headers: { "x-api-key": "k-123" } });
  const server = await waitForServer(fixture, "web", ready, "ready");
  expect(server.connectedBy).toBe("streamable-http");
});
afterEach(async () => {
  await fixture.close();
  await http.close();
  removeDir(work);
});

/** A run whose model calls web__echo; resolves once it stopped (asking or not). */
async function echoRun(id: string | null, text: string, callId: string): Promise<{ id: string; stoppedBy: string | null }> {
  fixture.model.script({ toolUses: [{ id: callId, name: "web__echo", input: { text } }] }, { text: "Done." });
  const mark = fixture.log.count;
  const started = id ? (await fixture.call("runs:send", { id, text }), { id }) : await fixture.call("runs:start", { text });
  const end = await fixture.log.step(started.id, "run_end", mark);
  return { id: started.id, stoppedBy: end.stoppedBy };
}

async function answer(id: string, choice: string): Promise<ConversationView> {
  const mark = fixture.log.count;
  await fixture.call("runs:answer", { id, answer: choice });
  await fixture.log.step(id, "run_end", mark);
  return fixture.call<ConversationView>("conversations:get", { id });
}

const resultText = (view: ConversationView, callId: string) => (view.entries.find((e) => e.kind === "tool_result" && e.callId === callId) as { text: string } | undefined)?.text;

it("asks with the four choices and the hints; this conversation, then always, then Deny", async () => {
  const first = await echoRun(null, "one", "c1");
  expect(first.stoppedBy).toBe("ask");
  const asked = await fixture.call<ConversationView>("conversations:get", { id: first.id });
  expect(asked.pendingAsk?.choices).toEqual(["Allow once", "Allow in this conversation", "Always allow this tool", "Deny"]);
  expect(asked.pendingAsk?.question).toMatch(/MCP tool "echo" \(Echo\) of server "web" to run \[read-only\]\? Input: .*"text": "one"/s);
  expect(runsOf(counts, "echo")).toBe(0);
  expect(resultText(await answer(first.id, "Allow in this conversation"), "c1")).toBe("echo: one");

  // Same conversation: no second question.
  expect((await echoRun(first.id, "two", "c2")).stoppedBy).not.toBe("ask");
  expect(runsOf(counts, "echo")).toBe(2);
  // Another conversation asks again; Always allow is kept in settings.
  const other = await echoRun(null, "three", "c3");
  expect(other.stoppedBy).toBe("ask");
  await answer(other.id, "Always allow this tool");
  expect(fixture.service.mcp.view().servers[0].tools.find((t) => t.name === "echo")?.alwaysAllowed).toBe(true);
  expect((await echoRun(null, "four", "c4")).stoppedBy).not.toBe("ask");
  expect(runsOf(counts, "echo")).toBe(4);

  // Deny: the slow tool never runs.
  fixture.model.script({ toolUses: [{ id: "c5", name: "web__slow", input: { ms: 10 } }] }, { text: "Ok." });
  const { id } = await fixture.call("runs:start", { text: "slow" });
  await fixture.log.step(id, "run_end");
  expect(resultText(await answer(id, "Deny"), "c5")).toMatch(/The person denied this call of the MCP tool "slow" \(server "web"\)/);
  expect(runsOf(counts, "slow")).toBe(0);
});

it("a question pending at shutdown waits after a restart; Allow runs the call exactly once", async () => {
  const first = await echoRun(null, "after restart", "c1");
  expect(first.stoppedBy).toBe("ask");
  await fixture.service.shutdown();
  fixture = Object.assign(fixture.reopen(), { close: fixture.close });
  const view = await fixture.call<ConversationView>("conversations:get", { id: first.id });
  expect(view.pendingAsk).toMatchObject({ callId: "c1", choices: expect.arrayContaining(["Allow once"]) });
  // The server is still starting in the new service: the answered call waits for it.
  expect(resultText(await answer(first.id, "Allow once"), "c1")).toBe("echo: after restart");
  expect(runsOf(counts, "echo")).toBe(1);
});

it("HTTP results carry images; the list follows list_changed; the server's header is required", async () => {
  await fixture.call("tools:setServer", { name: "web", approval: "allow" });
  fixture.model.script({ toolUses: [{ id: "i1", name: "web__image", input: {} }, { id: "a1", name: "web__add_tool", input: {} }] }, { text: "Done." });
  const { id } = await fixture.call("runs:start", { text: "image" });
  await fixture.log.step(id, "run_end");
  const view = await fixture.call<ConversationView>("conversations:get", { id });
  const image = view.entries.find((e) => e.kind === "tool_result" && e.callId === "i1") as unknown as { content: { type: string }[] };
  expect(image.content.map((b) => b.type)).toEqual(["text", "image", "text"]);
  await waitForServer(fixture, "web", (s) => s.tools.some((t) => t.name === "late"), "the late tool");
  // Without the header the server refuses: the state says failed.
  await fixture.call("tools:addServer", { name: "nokey", transport: "http", url: http.url });
  const failed = await waitForServer(fixture, "nokey", (s) => s.status === "failed", "failed");
  expect(failed.error).toMatch(/could not start/);
});

it("every stdio server process ends in the one shutdown", async () => {
  await fixture.call("tools:addServer", testServerInput("counter", counts));
  await fixture.call("tools:addServer", { name: "everything", transport: "stdio", command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] });
  const pids = [(await waitForServer(fixture, "counter", ready)).pid!, (await waitForServer(fixture, "everything", ready)).pid!].flatMap(processTree);
  expect(pids.length).toBeGreaterThanOrEqual(4);
  expect(pids.every((pid) => isProcessAlive(pid))).toBe(true);
  await fixture.service.shutdown();
  expect(pids.filter((pid) => isProcessAlive(pid))).toEqual([]);
});
