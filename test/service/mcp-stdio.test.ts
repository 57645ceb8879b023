/**
 * MCP servers over stdio, started by the real service: the npm servers
 * (server-everything, server-filesystem) and the project's counting test server. Tools are
 * listed and called through a conversation (after Allow once), errors and timeouts are
 * error results, Stop cancels at the server, a crash mid-call names the server and how it
 * exited and the server comes back, and a changed tool list is followed.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { ConversationView } from "../../src/shared/view-types";
import { readCounts, runsOf, TINY_PNG } from "../support/mcp/test-mcp-tools";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { EVERYTHING_SERVER, FAST_RESTARTS, modelName, ready, testServerInput, waitForServer, MCP_TEST_TIMEOUT_MS } from "./mcp-helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

let fixture: ServiceFixture;
let work: string;
let counts: string;
beforeEach(async () => {
  work = makeTempDir();
  counts = path.join(work, "counts.txt");
  fixture = await openService({ service: FAST_RESTARTS });
});
afterEach(async () => {
  await fixture.close();
  removeDir(work);
});

/** Runs a conversation whose model calls `tool` with `input`, answers the approval with `answer`; resolves with the saved view. */
async function callThroughConversation(tool: string, input: unknown, answer = "Allow once"): Promise<ConversationView> {
  fixture.model.script({ toolUses: [{ id: "toolu_mcp", name: tool, input }] }, { text: "Done." });
  const { id } = await fixture.call("runs:start", { text: `Use ${tool}` });
  expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("ask");
  const mark = fixture.log.count;
  await fixture.call("runs:answer", { id, answer });
  await fixture.log.step(id, "run_end", mark);
  return fixture.call<ConversationView>("conversations:get", { id });
}

function resultOf(view: ConversationView) {
  return view.entries.find((e) => e.kind === "tool_result" && e.callId === "toolu_mcp") as unknown as { status: string; text: string; content?: unknown[] };
}

it("server-everything: ready with its tools; a call asks first, then runs and returns text and images", async () => {
  await fixture.call("tools:addServer", { name: "everything", transport: "stdio", command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] });
  const server = await waitForServer(fixture, "everything", ready, "ready");
  expect(server.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["echo", "get-sum", "get-tiny-image"]));
  expect(server.tools.find((t) => t.name === "echo")).toMatchObject({ readOnly: true, enabled: true });
  expect(server.pid).toBeGreaterThan(0);

  const echoed = await callThroughConversation(modelName("everything", "echo"), { message: "hello MCP" });
  expect(resultOf(echoed)).toMatchObject({ status: "done", text: "Echo: hello MCP" });
  const sent = fixture.model.requests.at(-1)!.body.tools.map((t: { name: string }) => t.name);
  expect(sent).toEqual(expect.arrayContaining(["everything__echo", "everything__get-sum", "write_file"]));

  const image = await callThroughConversation(modelName("everything", "get-tiny-image"), {});
  const result = resultOf(image);
  expect(result.status).toBe("done");
  expect(result.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: "image", source: expect.objectContaining({ media_type: "image/png" }) })]));
  const toModel = fixture.model.requests.at(-1)!.body.messages.at(-1).content[0];
  expect(toModel.content.some((b: { type: string }) => b.type === "image")).toBe(true);
});

it("the counting server: an isError result is an error; a call past the timeout ends with an error naming it and is cancelled at the server", async () => {
  await fixture.call("tools:addServer", testServerInput("counter", counts));
  await waitForServer(fixture, "counter", ready, "ready");
  const failed = await callThroughConversation(modelName("counter", "fail"), {});
  expect(resultOf(failed)).toMatchObject({ status: "error", text: "it failed on purpose" });

  await fixture.call("tools:setCallTimeout", { ms: 1_000 });
  const slow = await callThroughConversation(modelName("counter", "slow"), { ms: 30_000 });
  expect(resultOf(slow).status).toBe("error");
  expect(resultOf(slow).text).toMatch(/McpCallTimeoutError.*"slow" of server "counter" did not answer within the per-call timeout of 1 s/);
  await expect.poll(() => readCounts(counts).filter((l) => l.tool === "slow").map((l) => l.event)).toEqual(["run", "cancelled"]);

  const image = await callThroughConversation(modelName("counter", "image"), {});
  expect(resultOf(image).text).toContain("[resource link: tiny.png <https://example.com/tiny.png>]");
  expect(resultOf(image).content).toContainEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: TINY_PNG } });
});

it("Stop during a call: the call closes as (aborted: StoppedByPersonError) and the server receives notifications/cancelled", async () => {
  await fixture.call("tools:addServer", testServerInput("counter", counts));
  await fixture.call("tools:setServer", { name: "counter", approval: "allow" });
  await waitForServer(fixture, "counter", ready, "ready");
  fixture.model.script({ toolUses: [{ id: "toolu_mcp", name: modelName("counter", "slow"), input: { ms: 60_000 } }] }, { text: "Done." });
  const { id } = await fixture.call("runs:start", { text: "Be slow" });
  await fixture.log.step(id, "tool_start");
  await expect.poll(() => runsOf(counts, "slow")).toBe(1);
  await fixture.call("runs:stop", { id });
  const view = await fixture.call<ConversationView>("conversations:get", { id });
  expect(resultOf(view)).toMatchObject({ status: "aborted", text: "(aborted: StoppedByPersonError)" });
  await expect.poll(() => readCounts(counts).map((l) => `${l.event} ${l.tool}`)).toEqual(["run slow", "cancelled slow"]);
});

it("a server that dies mid-call: an error result naming the server and its exit; it restarts with a new process", async () => {
  await fixture.call("tools:addServer", testServerInput("counter", counts));
  await fixture.call("tools:setServer", { name: "counter", approval: "allow" });
  const first = await waitForServer(fixture, "counter", ready, "ready");
  fixture.model.script({ toolUses: [{ id: "toolu_mcp", name: modelName("counter", "crash"), input: {} }] }, { text: "Done." });
  const { id } = await fixture.call("runs:start", { text: "Crash it" });
  await fixture.log.step(id, "run_end");
  const view = await fixture.call<ConversationView>("conversations:get", { id });
  expect(resultOf(view).status).toBe("error");
  expect(resultOf(view).text).toMatch(/McpServerExitedError: The MCP server "counter" exited with code 3 while its tool "crash" ran/);
  const again = await waitForServer(fixture, "counter", (s) => s.status === "ready" && s.pid !== first.pid, "ready again");
  expect(again.pid).not.toBe(first.pid);
  expect(await fixture.call("tools:stderr", { name: "counter" })).toEqual(expect.arrayContaining(["crashing on purpose", "[alpine] the server exited with code 3"]));
});

it("follows notifications/tools/list_changed: a tool added by the server is listed and offered", async () => {
  await fixture.call("tools:addServer", testServerInput("counter", counts));
  await waitForServer(fixture, "counter", ready, "ready");
  expect(fixture.service.mcp.view().servers[0].tools.map((t) => t.name)).not.toContain("late");
  await callThroughConversation(modelName("counter", "add_tool"), {});
  await waitForServer(fixture, "counter", (s) => s.tools.some((t) => t.name === "late"), "the late tool listed");
  const late = await callThroughConversation(modelName("counter", "late"), {});
  expect(resultOf(late)).toMatchObject({ status: "done", text: "late answer" });
});

it("a command that cannot start: failed, with the reason and the last stderr lines", async () => {
  await fixture.call("tools:addServer", { name: "missing", transport: "stdio", command: path.join(work, "no-such-program") });
  const server = await waitForServer(fixture, "missing", (s) => s.status === "failed", "failed");
  expect(server.error).toMatch(/It could not start/);
  expect(server.error).toMatch(/no-such-program/);
  expect(fs.existsSync(counts)).toBe(false);
});
