/**
 * Kill and resume: a child runs the conversation; the parent stops it at a random instant
 * (SIGKILL, or SIGTERM through the library's signal helper), checks the saved State, and
 * starts a new child that resumes it; after the planned stops, a last child must finish.
 * Variant "faults": the child's store also fails writes at random. Variant "mcp": the
 * conversation's tools are the counting MCP server's, called through the app's MCP hub, and
 * most kills land while calls run; no server process may outlive a child.
 */
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import type { ChildEnd, WorkerChild } from "../child";
import { conversationFinished } from "../conversation-progress";
import { waitForServersGone, SERVER_EXIT_WAIT_MS } from "../mcp-processes";
import { waitForStatementsInFlight } from "../statements-in-flight";
import { childArgs } from "../worker-launch";
import { checkAfterStop, checkFinished } from "../invariants";
import type { Prng } from "../prng";
import type { State } from "../../src/main/agent";
import { closeStore, openStore } from "../stores";
import { readSideEffects } from "../side-effects";
import { see, type Tally } from "../tally";
import { STUCK_MS, type WatchedEnd, describeEnd, runWatchedChild } from "../watched-child";
import type { WorkerJob, WorkerMessage } from "../worker-protocol";
import { stateIdOf, type RunContext } from "./run-context";

export type KillMode = "sigkill" | "sigterm" | "faults" | "mcp";

interface StopPlan {
  signal: NodeJS.Signals;
  /** Stop after this many acknowledged writes, or this many tool calls started (plus a delay), or this long after "ready". */
  afterAcks: number | null;
  afterCalls?: number;
  delayMs: number;
}

/** How long the MCP server's slow note takes in an mcp run: long enough for kills to land inside calls. */
const MCP_SLOW_MS: readonly [number, number] = [100, 500];

function planStop(prng: Prng, signal: NodeJS.Signals, slowMs?: number): StopPlan {
  // Inside a call: from the instant it started to a little after the slow call's end.
  if (slowMs !== undefined && prng.chance(0.6)) return { signal, afterAcks: null, afterCalls: prng.int(1, 9), delayMs: prng.int(0, slowMs + 30) };
  if (prng.chance(0.7)) return { signal, afterAcks: prng.int(1, 14), delayMs: prng.int(0, 12) };
  return { signal, afterAcks: null, delayMs: prng.int(0, 600) };
}

/** Runs a child until it ends, stopping it as planned. */
function runChild(job: WorkerJob, plan: StopPlan | null): Promise<WatchedEnd<WorkerMessage>> {
  let acks = 0;
  let calls = 0;
  let armed = false;
  const arm = (child: WorkerChild, delayMs: number) => {
    if (armed || !plan) return;
    armed = true;
    setTimeout(() => child.signal(plan.signal), delayMs);
  };
  return runWatchedChild<WorkerMessage>("worker", job, (message, self) => {
    if (!plan) return;
    if (message.type === "ready" && plan.afterAcks === null && plan.afterCalls === undefined) arm(self, plan.delayMs);
    if (message.type === "call_start" && plan.afterCalls !== undefined && ++calls >= plan.afterCalls) arm(self, plan.delayMs);
    if (message.type === "ack" && plan.afterAcks !== null && ++acks >= plan.afterAcks) arm(self, plan.delayMs);
  });
}

const countAborted = (state: State | null) =>
  state?.history.filter((e) => e.kind === "tool_result" && e.status === "aborted").length ?? 0;

export async function killResumeRun(ctx: RunContext, mode: KillMode): Promise<Partial<Tally>> {
  const tally: Partial<Tally> & { failures: string[] } = { runs: 1, kills: 0, recoveries: 0, faults: 0, crashes: 0, failures: [] };
  const fail = (what: string) => tally.failures.push(`${ctx.label}: ${what}`);
  mkdirSync(ctx.scratch, { recursive: true });
  const stateId = stateIdOf(ctx);
  const job: WorkerJob = {
    store: ctx.kind,
    location: ctx.location,
    stateId,
    modelUrl: ctx.modelUrl,
    rounds: ctx.rounds,
    turns: ctx.turns,
    contextBudget: ctx.contextBudget,
    ackFile: join(ctx.scratch, "acks.jsonl"),
    sideEffectsFile: join(ctx.scratch, "side-effects.jsonl"),
    signals: mode === "sigterm",
    waitForServer: ctx.kind === "postgres",
    busyRetryMs: 20_000,
    maxAttempts: 60,
  };
  const pidFile = join(ctx.scratch, "mcp-server-pids.txt");
  if (mode === "mcp") {
    job.slowMs = ctx.prng.int(...MCP_SLOW_MS);
    job.mcp = { command: process.execPath, args: [...childArgs("mcp-server"), job.sideEffectsFile, pidFile] };
  }
  const goneServers = new Set<number>();
  let seenGone = 0;
  /** After a child ended: its MCP server and guard must exit on their own. */
  const checkServersGone = async (end: ChildEnd) => {
    if (mode !== "mcp") return;
    const guards = end.messages.flatMap((m) => (m.type === "mcp_ready" && m.guardPid ? [m.guardPid] : []));
    const alive = await waitForServersGone(pidFile, guards, goneServers);
    if (alive.length > 0) fail(`MCP server processes ${alive.join(", ")} were still running ${SERVER_EXIT_WAIT_MS / 1000} s after their app ended (${end.signal ?? `exit code ${end.code}`})`);
    see(tally, "MCP server processes seen exiting with their app", goneServers.size - seenGone);
    seenGone = goneServers.size;
  };
  const lostSeqs = new Set<number>();
  const unknownCalls = new Set<string>();
  const stops = ctx.prng.int(...(ctx.stops ?? [1, 4]));
  let finished = false;

  for (let i = 0; i <= stops && !finished; i++) {
    const last = i === stops;
    const signal: NodeJS.Signals = mode === "sigterm" && i === 0 ? "SIGTERM" : "SIGKILL";
    const faults = mode === "faults" && !last ? { probability: 0.15, seed: ctx.prng.int(0, 2 ** 31), modes: ["before", "entries", "after"] as const } : undefined;
    const end = await runChild({ ...job, faults: faults && { ...faults, modes: [...faults.modes] } }, last ? null : planStop(ctx.prng, signal, mode === "mcp" ? job.slowMs : undefined));
    tally.faults! += end.messages.filter((m) => m.type === "fault").length;
    await checkServersGone(end);
    if (end.stuck) {
      tally.crashes!++;
      fail(`a child said nothing for ${STUCK_MS} ms and was killed (${describeEnd(end)})`);
      return tally;
    }
    const killed = end.sent === "SIGKILL" && end.signal === "SIGKILL";
    const terminated = end.sent === "SIGTERM" && end.code !== 0;
    if (!killed && !terminated) {
      if (end.code !== 0 || !end.messages.some((m) => m.type === "done")) {
        tally.crashes!++;
        fail(`a child died instead of finishing (${describeEnd(end)})`);
        return tally;
      }
      finished = true;
      break;
    }
    tally.kills!++;
    if (terminated && end.code !== 143) fail(`after SIGTERM the child ended with ${describeEnd(end)}, not exit code 143`);
    // What the server keeps of the worker: its last statement may still be running there (statements-in-flight.ts).
    if (ctx.kind === "postgres") await waitForStatementsInFlight(ctx.location);
    const store = openStore(ctx.kind, ctx.location);
    try {
      const check = await checkAfterStop({ store, stateId, ackFile: job.ackFile, sideEffectsFile: job.sideEffectsFile, stop: terminated ? "sigterm" : "kill" });
      check.lost.forEach((seq) => lostSeqs.add(seq));
      if (killed) check.openCalls.forEach((id) => unknownCalls.add(id));
      if (killed) see(tally, mode === "mcp" ? "running MCP calls given the unknown result" : "running calls given the unknown result", check.openCalls.length);
      if (terminated) see(tally, "calls closed as aborted by SIGTERM", countAborted(check.state));
      if (check.state?.history.some((e) => e.kind === "notice")) see(tally, "loads continuing after a half-written compaction");
      check.failures.forEach(fail);
      if (check.failures.length === 0) tally.recoveries!++;
    } finally {
      closeStore(store);
    }
  }
  if (!finished) fail("the conversation did not finish");

  const store = openStore(ctx.kind, ctx.location);
  try {
    const check = await checkFinished({
      store,
      stateId,
      ackFile: job.ackFile,
      sideEffectsFile: job.sideEffectsFile,
      unknownCalls,
      finished: (state) => conversationFinished(state.history, state.stoppedBy, ctx.rounds),
    });
    check.lost.forEach((seq) => lostSeqs.add(seq));
    tally.twice = check.twice;
    if (mode === "mcp") see(tally, "MCP calls run by the server", readSideEffects(job.sideEffectsFile).filter((e) => e.phase === "start").length);
    see(tally, "compactions", check.state?.history.filter((e) => e.kind === "compaction").length ?? 0);
    check.failures.forEach(fail);
  } finally {
    closeStore(store);
  }
  tally.lost = lostSeqs.size;
  return tally;
}
