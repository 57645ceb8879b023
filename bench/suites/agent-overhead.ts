/**
 * 4. Agent overhead: one step (a model request answered at once by the scripted server) run
 * through `agent.run`, minus the same request sent by a bare SDK call. Each run is paired with
 * a replay of the exact request body the agent sent, so the HTTP round trip, the server's own
 * work and the size of the context cancel out. Measured with SqliteStore (what the app runs)
 * and with an in-memory store (the library alone); the stores time their own calls, so the
 * overhead splits into saving, the run's lease, and the rest. The library's own time per step
 * is the run's time minus the time spent inside the SDK call (from `messages.stream()` to its
 * final message): building the request, the steps and the saves, whatever the HTTP costs.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { Tool } from "../../src/main/agent/tools/tool";
import type { BenchConfig } from "../config";
import { ballastTool, benchAgent, benchFingerprint } from "../lib/bench-agent";
import { type ScriptedServersProcess, startScriptedServersProcess } from "../lib/scripted-servers-process";
import type { Cell, Report } from "../lib/report";
import { median, p99 } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeAnthropicStreams } from "../lib/sdk-call-time";
import { timeOnce } from "../lib/timing";
import { MemoryStore } from "../subjects/memory-store";
import { openSqlite, type StoreHandle } from "../subjects/store-handle";
import { statesForRuns } from "../subjects/store-subject";
import { type StoreTimes, timeStoreCalls } from "../subjects/timed-store";

function openMemory(): StoreHandle {
  return { key: "memory", label: "in-memory store", store: timeStoreCalls(new MemoryStore()), storedBytes: () => 0, close: async () => {} };
}

function openTimedSqlite(folder: string): StoreHandle {
  const handle = openSqlite(folder);
  timeStoreCalls(handle.store);
  return handle;
}

/** SqliteStore with synchronous=NORMAL: a save survives a killed process, not a power cut. */
function openTimedSqliteNormal(folder: string): StoreHandle {
  const handle = openSqlite(folder, { synchronous: "NORMAL" });
  timeStoreCalls(handle.store);
  return { ...handle, label: "SqliteStore, synchronous=NORMAL" };
}

/** CPU time (user + system) of this process in ms, for all its threads. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

interface AgentMeasurement {
  /** The library's own time per step: the run minus the time inside the SDK call. */
  ownMs: number;
  stepMs: number;
  bareMs: number;
  overheadMs: number;
  overheadP99Ms: number;
  /** The same difference in CPU time of this process: what a busy machine's waiting leaves out. */
  overheadCpuMs: number;
  savesPerStep: number;
  writeMsPerStep: number;
  leaseMsPerStep: number;
  /** The size of a step's request body. */
  requestBytes: number;
}

async function measure(servers: ScriptedServersProcess, handle: StoreHandle, length: number, config: BenchConfig, tools: Tool[] = []): Promise<AgentMeasurement> {
  const client = new Anthropic({ apiKey: "bench", baseURL: servers.urls.anthropic, maxRetries: 0 });
  const sdk = timeAnthropicStreams(client);
  const agent = benchAgent(handle.store, client, tools);
  const times = (handle.store as unknown as { times: StoreTimes }).times;
  const total = config.agentWarmup + config.agentRuns;
  const states = await statesForRuns(handle, length, total, config.entryChars, benchFingerprint(tools));

  const source = new TextSource(5);
  const steps: number[] = [];
  const bares: number[] = [];
  const overheads: number[] = [];
  const cpuOverheads: number[] = [];
  const writes: number[] = [];
  const owns: number[] = [];
  const leaseTimes: number[] = [];
  let saves = 0;
  let stepCount = 0;
  let requestBytes = 0;
  for (let i = 0; i < total; i++) {
    const state = states[i % states.length];
    state.addUserMessage(source.text(config.entryChars));
    times.reset();
    sdk.reset();
    let runSteps = 0;
    const cpuBeforeRun = cpuMs();
    const runMs = await timeOnce(() => agent.run(state, { onEvent: (event) => void (event.type === "think_start" && runSteps++) }));
    const runCpu = cpuMs() - cpuBeforeRun;
    const ownMs = runMs - sdk.total();
    const taken = await servers.take("anthropic", true);
    if (taken.count !== 1 || runSteps !== 1) throw new Error(`one run made ${taken.count} model requests in ${runSteps} steps, not 1`);
    if (state.stoppedBy !== "end_turn") throw new Error(`the run stopped by ${state.stoppedBy}, not end_turn`);
    requestBytes = taken.lastBytes;
    const body = taken.lastBody as Anthropic.MessageStreamParams;
    const cpuBeforeBare = cpuMs();
    const bareMs = await timeOnce(() => client.messages.stream(body).finalMessage());
    const bareCpu = cpuMs() - cpuBeforeBare;
    await servers.take("anthropic"); // the bare call's request, forgotten
    if (i < config.agentWarmup) continue;
    steps.push(runMs);
    owns.push(ownMs);
    bares.push(bareMs);
    overheads.push(runMs - bareMs);
    cpuOverheads.push(runCpu - bareCpu);
    writes.push(times.writeMs);
    leaseTimes.push(times.leaseMs + times.releaseMs);
    saves += times.writes;
    stepCount += runSteps;
  }
  return {
    ownMs: median(owns),
    stepMs: median(steps),
    bareMs: median(bares),
    overheadMs: median(overheads),
    overheadP99Ms: p99(overheads),
    overheadCpuMs: median(cpuOverheads),
    savesPerStep: saves / stepCount,
    writeMsPerStep: median(writes),
    leaseMsPerStep: median(leaseTimes),
    requestBytes,
  };
}

/**
 * The library's own time per step at the longest history over the shortest (in-memory store):
 * as measured, and against the shortest history with requests as large as the longest one's.
 */
function reportOwnRatio(report: Report, config: BenchConfig): void {
  const sizes = config.agentHistorySizes;
  const small = report.figures[`agent.memory.${Math.min(...sizes)}.ownMedianMs`];
  const large = report.figures[`agent.memory.${Math.max(...sizes)}.ownMedianMs`];
  const sameBytes = report.figures[`agent.memory.${Math.min(...sizes)}.sameBytes.ownMedianMs`];
  if (typeof small === "number" && typeof large === "number" && small > 0) report.set("agent.memory.ownRatio", large / small);
  if (typeof sameBytes === "number" && typeof large === "number" && sameBytes > 0) report.set("agent.memory.entriesRatio", large / sameBytes);
}

function record(report: Report, rows: Cell[][], prefix: string, label: string, length: number, m: AgentMeasurement): void {
  report.set(`${prefix}.stepMedianMs`, m.stepMs);
  report.set(`${prefix}.bareSdkMedianMs`, m.bareMs);
  report.set(`${prefix}.overheadMedianMs`, m.overheadMs);
  report.set(`${prefix}.overheadP99Ms`, m.overheadP99Ms);
  report.set(`${prefix}.ownMedianMs`, m.ownMs);
  report.set(`${prefix}.overheadCpuMs`, m.overheadCpuMs);
  report.set(`${prefix}.savesPerStep`, m.savesPerStep);
  report.set(`${prefix}.writeMsPerStep`, m.writeMsPerStep);
  report.set(`${prefix}.leaseMsPerStep`, m.leaseMsPerStep);
  report.set(`${prefix}.requestKB`, m.requestBytes / 1024);
  rows.push([label, length, m.requestBytes / 1024, m.stepMs, m.bareMs, m.overheadMs, m.ownMs, m.overheadP99Ms, m.overheadCpuMs, m.savesPerStep, m.writeMsPerStep, m.leaseMsPerStep]);
}

async function measureIn(open: (folder: string) => StoreHandle, run: (handle: StoreHandle) => Promise<AgentMeasurement>): Promise<{ label: string; m: AgentMeasurement }> {
  return withTempFolder(async (folder) => {
    const handle = open(folder);
    try {
      return { label: handle.label, m: await run(handle) };
    } finally {
      await handle.close();
    }
  });
}

export async function runAgentOverhead(report: Report, config: BenchConfig): Promise<void> {
  const section = report.section("Agent overhead per step (a one-step run, the scripted model answering at once in its own process)", [
    "store",
    "history",
    "request KB",
    "agent step ms",
    "bare SDK ms",
    "overhead ms",
    "own ms",
    "p99 ms",
    "CPU ms",
    "saves",
    "in write ms",
    "in lease ms",
  ]);
  const sizes = config.agentHistorySizes;
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  const servers = await startScriptedServersProcess(config.entryChars);
  try {
    // The path compiled before anything is timed: the first length measured is not the coldest.
    await measureIn(openMemory, (handle) => measure(servers, handle, small, config));
    const bytes = new Map<number, number>();
    for (const [key, open] of [["memory", openMemory], ["sqlite", openTimedSqlite], ["sqliteNormal", openTimedSqliteNormal]] as const) {
      for (const length of sizes) {
        const { label, m } = await measureIn(open, (handle) => measure(servers, handle, length, config));
        if (key === "memory") bytes.set(length, m.requestBytes);
        record(report, section.rows, `agent.${key}.${length}`, label, length, m);
      }
    }
    const padding = bytes.get(large)! - bytes.get(small)!;
    const { label, m } = await measureIn(openMemory, (handle) => measure(servers, handle, small, config, [ballastTool(padding)]));
    record(report, section.rows, `agent.memory.${small}.sameBytes`, `${label}, requests as large as ${large.toLocaleString("en-US")} entries'`, small, m);
  } finally {
    await servers.close();
  }
  reportOwnRatio(report, config);
  section.notes.push("overhead: median of (agent step − bare SDK call with the same request body), paired run by run; CPU: the same in this process's CPU time.");
  section.notes.push("own: median of (agent step − the time inside its SDK call), the library's own time per step, whatever the request's size costs on the wire.");
  section.notes.push(`requests as large: the ${small}-entry histories again, each request carrying the ${large.toLocaleString("en-US")}-entry one's extra bytes in a tool's description (the SDK writes out as many bytes), so the two differ in entries alone.`);
  section.notes.push("saves: store.write calls per step; in write / in lease: median time per step inside store.write, and taking plus releasing the run's lease.");
}
