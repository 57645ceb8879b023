/**
 * MCP figures, run on their own: `npx tsx bench/mcp/mcp-overhead.ts [--calls N]`.
 * 1. One MCP call through the app (the MCP room's library Tool: approval check, the guarded
 *    stdio process, result conversion) vs a bare SDK `callTool` on the same server
 *    (server-everything's echo), interleaved, medians and the overhead.
 * 2. Service start to its first answered request with three configured stdio servers vs
 *    none: what the main process spends before the window could be served (servers start
 *    in the background, so the difference should be small).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { State } from "../../src/main/agent";
import { McpServers } from "../../src/main/mcp";
import { AlpineService } from "../../src/main/service/alpine-service";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { median } from "../lib/stats";

const EVERYTHING = path.resolve(import.meta.dirname, "../../node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const calls = Number(process.argv[process.argv.indexOf("--calls") + 1]) || 300;

async function callOverhead(): Promise<void> {
  const bare = new Client({ name: "bench", version: "1" });
  await bare.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" }));
  const servers = new McpServers({ onChange: () => undefined, callTimeoutMs: () => 120_000, approvals: { allowsWithoutAsking: () => true, allowAlways: () => undefined } });
  await servers.configure([{ config: { transport: "stdio", name: "everything", command: process.execPath, args: [EVERYTHING, "stdio"], env: {}, cwd: null }, enabled: true, disabledTools: [] }]);
  await servers.whenSettled(30_000);
  const echo = servers.tools([]).find((t) => t.name === "everything__echo")!;
  const state = new State("bench");
  const signal = new AbortController().signal;
  const app: number[] = [];
  const sdk: number[] = [];
  for (let i = 0; i < calls + 20; i++) {
    let t = performance.now();
    await bare.callTool({ name: "echo", arguments: { message: `m${i}` } });
    const s = performance.now() - t;
    t = performance.now();
    await echo.run({ message: `m${i}` }, { signal, state, callId: `c${i}` });
    const a = performance.now() - t;
    if (i >= 20) (sdk.push(s), app.push(a)); // the first calls warm up
  }
  console.log(`MCP call (${calls} calls, interleaved): bare SDK callTool median ${median(sdk).toFixed(3)} ms; through the app ${median(app).toFixed(3)} ms; overhead ${(median(app) - median(sdk)).toFixed(3)} ms`);
  await bare.close();
  await servers.shutdown();
}

async function startToFirstAnswer(servers: number): Promise<number> {
  const dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-bench-"));
  const mcpServers = Object.fromEntries(Array.from({ length: servers }, (_, i) => [`s${i}`, { command: process.execPath, args: [EVERYTHING, "stdio"] }]));
  if (servers > 0) {
    const seed = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper(), startMcpServers: false });
    seed.mcp.importClaudeDesktop(JSON.stringify({ mcpServers }));
    await seed.shutdown();
  }
  const t = performance.now();
  const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper() });
  await new Promise<void>((resolve) => setImmediate(resolve)); // the background start runs here
  service.info();
  await service.conversations.list({ offset: 0, limit: 100 });
  const ms = performance.now() - t;
  await service.shutdown();
  fs.rmSync(dataFolder, { recursive: true, force: true });
  return ms;
}

async function launchCost(): Promise<void> {
  const none: number[] = [];
  const three: number[] = [];
  for (let i = 0; i < 7; i++) {
    none.push(await startToFirstAnswer(0));
    three.push(await startToFirstAnswer(3));
  }
  console.log(`Service start to first answered request (7 rounds): no servers ${median(none).toFixed(2)} ms; three stdio servers ${median(three).toFixed(2)} ms; difference ${(median(three) - median(none)).toFixed(2)} ms`);
}

await callOverhead();
await launchCost();
