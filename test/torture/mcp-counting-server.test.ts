/**
 * The mcp scenario's helpers: the counting MCP server records each run of each call id in
 * the side-effects file (so a call run twice is found), and, wired through the app's MCP hub
 * as library Tools, it runs under the guard, writes its pid, and is gone after the hub's
 * shutdown; a process still running is reported as such.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, beforeEach, expect, it } from "vitest";
import { State } from "../../src/main/agent";
import type { RecordedRequest } from "../support/model-server";
import { FAILING_TOOL, FAST_TOOL, SLOW_TOOL, conversationReply, mcpToolName, roundMessage } from "../../torture/conversation-script";
import { buildCountingServer } from "../../torture/mcp-counting-server";
import { serverPids, waitForServersGone } from "../../torture/mcp-processes";
import { startTortureMcp } from "../../torture/mcp-tools";
import { callsRunTwice, readSideEffects } from "../../torture/side-effects";
import { childArgs } from "../../torture/worker-launch";

let folder: string;
let effects: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-mcp-counter-"));
  effects = path.join(folder, "effects.jsonl");
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

it("records a start and a done per run, by the call id the model gave, and finds a call run twice", async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = buildCountingServer(effects);
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual([FAILING_TOOL, FAST_TOOL, SLOW_TOOL].sort());
    expect(await client.callTool({ name: FAST_TOOL, arguments: { note: "a", call: "c1" } })).toMatchObject({ content: [{ type: "text", text: "noted: a" }] });
    expect(await client.callTool({ name: SLOW_TOOL, arguments: { note: "b", call: "c2", ms: 5 } })).toMatchObject({ content: [{ text: "noted slowly: b" }] });
    expect(await client.callTool({ name: FAILING_TOOL, arguments: { note: "c", call: "c3" } })).toMatchObject({ isError: true });
    const slow = new AbortController();
    const cancelled = client.callTool({ name: SLOW_TOOL, arguments: { note: "d", call: "c4", ms: 60_000 } }, undefined, { signal: slow.signal });
    await expect.poll(() => readSideEffects(effects).some((e) => e.callId === "c4")).toBe(true);
    slow.abort();
    await expect(cancelled).rejects.toThrow();
    expect(readSideEffects(effects).map((e) => `${e.callId} ${e.tool} ${e.phase}`)).toEqual([
      `c1 ${FAST_TOOL} start`,
      `c1 ${FAST_TOOL} done`,
      `c2 ${SLOW_TOOL} start`,
      `c2 ${SLOW_TOOL} done`,
      `c3 ${FAILING_TOOL} start`,
      `c3 ${FAILING_TOOL} done`,
      `c4 ${SLOW_TOOL} start`,
    ]);
    expect(callsRunTwice(readSideEffects(effects))).toEqual(new Map());
    await client.callTool({ name: FAST_TOOL, arguments: { note: "again", call: "c1" } });
    expect(callsRunTwice(readSideEffects(effects))).toEqual(new Map([["c1", 2]]));
  } finally {
    await client.close();
    await server.close();
  }
});

it("through the app's MCP hub: library tools named for the server, a pid file, every process gone after shutdown", async () => {
  const pidFile = path.join(folder, "pids.txt");
  const mcp = await startTortureMcp({ command: process.execPath, args: [...childArgs("mcp-server"), effects, pidFile] });
  let shutDown = false;
  try {
    expect(mcp.tools.map((t) => t.name).sort()).toEqual([FAILING_TOOL, FAST_TOOL, SLOW_TOOL].map(mcpToolName).sort());
    const fast = mcp.tools.find((t) => t.name === mcpToolName(FAST_TOOL))!;
    const state = new State("notes");
    const result = await fast.run({ note: "hello", call: "toolu_1" }, { signal: new AbortController().signal, state, callId: "toolu_1" });
    expect(JSON.stringify(result)).toContain("noted: hello");
    expect(readSideEffects(effects).filter((e) => e.phase === "start").map((e) => e.callId)).toEqual(["toolu_1"]);
    const pids = serverPids(pidFile);
    expect(pids).toHaveLength(1);
    expect(mcp.guardPid).not.toBeNull();
    expect(await waitForServersGone(pidFile, [mcp.guardPid!], new Set(), 200)).toEqual([...pids, mcp.guardPid].filter((p) => p !== null));
    await mcp.shutdown();
    shutDown = true;
    const gone = new Set<number>();
    expect(await waitForServersGone(pidFile, [mcp.guardPid!], gone)).toEqual([]);
    expect(gone).toEqual(new Set([...pids, mcp.guardPid]));
  } finally {
    if (!shutDown) await mcp.shutdown();
  }
}, 120_000);

it("the scripted model asks for the MCP server's tools, with the call id in the input, when a request offers them", () => {
  const reply = conversationReply({ frameDelayMs: 0, slowMs: 40 }) as (request: RecordedRequest) => unknown;
  const ask = (tools: string[]) =>
    reply({ path: "/v1/messages", headers: {}, at: 0, body: { messages: [{ role: "user", content: roundMessage(0, 1, 300) }], tools: tools.map((name) => ({ name })) } }) as {
      toolUses: { id: string; name: string; input: Record<string, unknown> }[];
    };
  const mcp = ask([FAST_TOOL, SLOW_TOOL, FAILING_TOOL].map(mcpToolName)).toolUses;
  expect(mcp.map((u) => u.name)).toEqual([FAST_TOOL, SLOW_TOOL, FAILING_TOOL].map(mcpToolName));
  for (const use of mcp) expect(use.input.call).toBe(use.id);
  expect(mcp[1].input.ms).toBe(300);
  const local = ask([FAST_TOOL, SLOW_TOOL, FAILING_TOOL]).toolUses;
  expect(local.map((u) => u.name)).toEqual([FAST_TOOL, SLOW_TOOL, FAILING_TOOL]);
  for (const use of local) expect(use.input.call).toBeUndefined();
});
