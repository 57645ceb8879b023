/**
 * The torture child: runs one scripted conversation to its end on the store under test,
 * reporting every acknowledged write, until the campaign kills it. Started as
 *   node --import tsx torture/worker.ts '<WorkerJob as JSON>'
 * (the campaign runs the same code bundled, see worker-launch.ts). It picks up wherever the
 * saved State stands, so the same command resumes after any kill.
 */
import Anthropic from "@anthropic-ai/sdk";
import { pathToFileURL } from "node:url";
import { Agent, PostgresUnreachableError, State, abortOnSignals } from "../src/main/agent";
import { appendAcks } from "./ack-log";
import { roundMessage } from "./conversation-script";
import { driveConversation } from "./drive";
import { FaultStore } from "./fault-store";
import { Prng } from "./prng";
import { openStore } from "./stores";
import { startTortureMcp } from "./mcp-tools";
import { tortureTools } from "./tools";
import { WORKER_EXIT, type WorkerJob, type WorkerMessage } from "./worker-protocol";

export const TORTURE_MODEL = "claude-sonnet-4-6";

/** The PostgreSQL server went away or is restarting: thrown as is, or noted on the error a failing run threw. */
export function isServerAway(error: unknown): boolean {
  if (error instanceof PostgresUnreachableError) return true;
  const notes = (error as { notes?: unknown } | null)?.notes;
  return Array.isArray(notes) && notes.some((note) => String(note).includes("PostgresUnreachableError"));
}
export const TORTURE_SYSTEM = "You write notes with the tools you are given.";

/** Resolves at the first line on stdin. */
function goLine(): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.setEncoding("utf8");
    const onData = (chunk: string) => {
      if (!chunk.includes("\n")) return;
      process.stdin.off("data", onData);
      process.stdin.pause();
      resolve();
    };
    process.stdin.on("data", onData);
  });
}

const say = (message: WorkerMessage) => process.stdout.write(JSON.stringify(message) + "\n");

/** The exit code, or null when a signal is stopping the process (the signal helper exits with 128 + n). */
export async function runWorker(job: WorkerJob): Promise<number | null> {
  const faults = job.faults ? { ...job.faults, prng: new Prng(job.faults.seed) } : null;
  let acked = 0;
  const store = new FaultStore(openStore(job.store, job.location), {
    plan: faults ? () => (faults.prng.chance(faults.probability) ? faults.prng.pick(faults.modes) : null) : undefined,
    onAck: (call) => {
      appendAcks(job.ackFile, call.stateId, call.entries);
      acked += call.entries.length;
      say({ type: "ack", seqs: call.entries.map((e) => e.seq), total: acked });
    },
    onFault: (call, mode) => {
      say({ type: "fault", mode, write: call.n });
    },
  });
  const mcp = job.mcp ? await startTortureMcp(job.mcp) : null;
  if (mcp) say({ type: "mcp_ready", guardPid: mcp.guardPid });
  const agent = new Agent({
    model: TORTURE_MODEL,
    system: TORTURE_SYSTEM,
    store,
    tools: mcp ? mcp.tools : tortureTools(job.sideEffectsFile),
    client: new Anthropic({ apiKey: "torture-key", baseURL: job.modelUrl, maxRetries: 1 }),
    ...(job.contextBudget ? { contextBudget: job.contextBudget } : {}),
  });
  const signals = job.signals ? abortOnSignals() : null;
  say({ type: "ready", pid: process.pid });

  const state: State = (await store.read(job.stateId))
    ? await store.load(job.stateId)
    : new State(roundMessage(0, job.turns, job.slowMs), { id: job.stateId });
  say({ type: "loaded", entries: state.history.length });
  if (job.waitForGo) await goLine();
  const outcome = await driveConversation(agent, state, {
    rounds: job.rounds,
    turns: job.turns,
    slowMs: job.slowMs,
    maxAttempts: job.maxAttempts,
    busyRetryMs: job.busyRetryMs,
    transient: job.waitForServer ? isServerAway : undefined,
    stop: signals?.signal,
    runOptions: { onEvent: (event) => void (event.type === "tool_start" && say({ type: "call_start", callId: event.callId, name: event.name })) },
    onRunEnd: (error) => void say({ type: "run_end", stoppedBy: state.stoppedBy, error: error ? String(error).split("\n")[0] : null }),
  });
  await mcp?.shutdown(); // no server outlives the worker
  if (outcome === "stopped") return null;
  if (outcome === "stale") {
    say({ type: "stale", message: `State "${job.stateId}" was changed by another runner after this copy was loaded` });
    return WORKER_EXIT.stale;
  }
  if (outcome === "busy") {
    say({ type: "busy", message: `State "${job.stateId}" stayed busy for ${job.busyRetryMs} ms` });
    return WORKER_EXIT.busy;
  }
  say({ type: "done", entries: state.history.length, stoppedBy: state.stoppedBy });
  return WORKER_EXIT.done;
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  runWorker(JSON.parse(process.argv[2]) as WorkerJob).then(
    (code) => {
      if (code !== null) process.exit(code);
    },
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      say({ type: "fatal", name: e.name, message: e.message, stack: e.stack });
      process.exit(WORKER_EXIT.fatal);
    },
  );
}
