/**
 * MCP: one call through the app (the MCP room's library Tool: approval check, the guarded
 * stdio process, result conversion) vs a bare SDK `callTool` on the same kind of server
 * (server-everything's echo), interleaved call by call; the target is the app's overhead
 * (the difference of the medians) at most 2 ms. Beside it, the service's start to its first
 * answered request with three configured stdio servers vs none (servers start in the
 * background, so the difference should be small).
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { State } from "../../src/main/agent";
import { McpServers } from "../../src/main/mcp";
import { AlpineService } from "../../src/main/service/alpine-service";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import type { BenchConfig } from "../config";
import type { Report } from "../lib/report";
import { median, summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { configureThreeStdioServers } from "../window/launch-mcp";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const WARMUP_CALLS = 20;

interface CallTimes {
  sdk: number[];
  app: number[];
}

async function callTimes(calls: number): Promise<CallTimes> {
  const bare = new Client({ name: "bench", version: "1" });
  await bare.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" }));
  const servers = new McpServers({ onChange: () => undefined, callTimeoutMs: () => 120_000, approvals: { allowsWithoutAsking: () => true, allowAlways: () => undefined, sealGrant: () => "", grantHolds: () => false } });
  try {
    await servers.configure([{ config: { transport: "stdio", name: "everything", command: process.execPath, args: [EVERYTHING, "stdio"], env: {}, cwd: null }, enabled: true, disabledTools: [] }]);
    await servers.whenSettled(60_000);
    const echo = servers.tools([]).find((t) => t.name === "everything__echo");
    if (!echo) throw new Error(`server-everything offered no echo tool (status ${servers.snapshot("everything")?.status})`);
    const state = new State("bench");
    const signal = new AbortController().signal;
    const times: CallTimes = { sdk: [], app: [] };
    for (let i = 0; i < calls + WARMUP_CALLS; i++) {
      let t = performance.now();
      await bare.callTool({ name: "echo", arguments: { message: `m${i}` } });
      const sdk = performance.now() - t;
      t = performance.now();
      await echo.run({ message: `m${i}` }, { signal, state, callId: `c${i}` });
      const app = performance.now() - t;
      if (i >= WARMUP_CALLS) (times.sdk.push(sdk), times.app.push(app));
    }
    return times;
  } finally {
    await bare.close();
    await servers.shutdown();
  }
}

async function startToFirstAnswer(folder: string, round: number, threeServers: boolean): Promise<number> {
  const dataFolder = path.join(folder, `start-${round}-${threeServers ? "three" : "none"}`);
  // Both folders made by an earlier start (the database created); only the servers differ.
  // The servers are only configured: none runs until the timed start begins.
  await new AlpineService({ dataFolder, secrets: new MemorySecretKeeper(), startMcpServers: false }).shutdown();
  if (threeServers) configureThreeStdioServers(ROOT, dataFolder);
  const t = performance.now();
  const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper() });
  await new Promise<void>((resolve) => setImmediate(resolve)); // a background start would run here
  service.info();
  service.conversations.list({ offset: 0, limit: 100 });
  const ms = performance.now() - t;
  if (threeServers && service.mcp.view().servers.length !== 3) throw new Error("the three servers' settings were not read");
  await service.shutdown();
  return ms;
}

export async function runMcp(report: Report, config: BenchConfig): Promise<void> {
  const { sdk, app } = await callTimes(config.mcpCalls);
  const section = report.section(`MCP call, server-everything's echo over stdio (${config.mcpCalls} calls each, interleaved)`, ["path", "median ms", "p99 ms"]);
  const bare = summarise(sdk);
  const through = summarise(app);
  section.rows.push(["bare SDK callTool", bare.medianMs, bare.p99Ms]);
  section.rows.push(["through the app (library Tool of the MCP hub)", through.medianMs, through.p99Ms]);
  report.set("mcp.call.sdkMedianMs", bare.medianMs);
  report.set("mcp.call.appMedianMs", through.medianMs);
  report.set("mcp.call.overheadMedianMs", through.medianMs - bare.medianMs);
  section.notes.push(`overhead (median through the app minus median bare): ${(through.medianMs - bare.medianMs).toFixed(3)} ms`);

  const none: number[] = [];
  const three: number[] = [];
  await withTempFolder(async (folder) => {
    // Round -1 warms up (the first service start of a process loads the database driver).
    for (let round = -1; round < config.mcpLaunchRounds; round++) {
      const a = await startToFirstAnswer(folder, round + 1, false);
      const b = await startToFirstAnswer(folder, round + 1, true);
      if (round >= 0) (none.push(a), three.push(b));
    }
  });
  const launch = report.section(`Service start to its first answered request (${config.mcpLaunchRounds} rounds, alternating)`, ["configured stdio servers", "median ms"]);
  launch.rows.push(["none", median(none)], ["three", median(three)]);
  report.set("mcp.start.noneMedianMs", median(none));
  report.set("mcp.start.threeMedianMs", median(three));
  report.set("mcp.start.differenceMs", median(three) - median(none));
  launch.notes.push("the servers start in the background after the start delay; the window's first paint is not measured here");
}
