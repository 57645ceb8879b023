/**
 * Server restart (PostgresStore): a child runs the conversation; after a random number of
 * acknowledged saves the parent stops the PostgreSQL server mid-save, "fast" (sessions ended)
 * or "immediate" (as a crash: recovery at the next start), keeps it down a moment and starts
 * it again. The child's saves fail while it is away, its runs stop with that error, and it
 * goes on once the server is back. At the end: every acknowledged entry stored, no tool run
 * twice, the conversation finished.
 */
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import type { WorkerChild } from "../child";
import { conversationFinished } from "../conversation-progress";
import { checkFinished } from "../invariants";
import { closeStore, openStore } from "../stores";
import { see, type Tally } from "../tally";
import { describeEnd, runWatchedChild } from "../watched-child";
import type { WorkerJob, WorkerMessage } from "../worker-protocol";
import { stateIdOf, type RunContext } from "./run-context";

/** Longer than the usual silence limit: a child may wait out a whole server restart without a word. */
const STUCK_MS = 120_000;

export async function serverRestartRun(ctx: RunContext): Promise<Partial<Tally>> {
  const tally: Partial<Tally> & { failures: string[] } = { runs: 1, kills: 0, recoveries: 0, faults: 0, crashes: 0, failures: [] };
  const fail = (what: string) => tally.failures.push(`${ctx.label}: ${what}`);
  const server = ctx.server;
  if (!server) {
    fail("no server to restart (the campaign restarts only a server it started itself)");
    return tally;
  }
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
    signals: false,
    waitForServer: true,
    busyRetryMs: 20_000,
    maxAttempts: 60,
  };
  const planned = ctx.prng.int(1, 2);
  const plans = Array.from({ length: planned }, () => ({
    afterAcks: ctx.prng.int(1, 10),
    delayMs: ctx.prng.int(0, 15),
    mode: ctx.prng.chance(0.5) ? ("immediate" as const) : ("fast" as const),
    downMs: ctx.prng.int(0, 800),
  }));
  let restarts = 0;
  let acks = 0;
  let restarting: Promise<void> | null = null;
  const restartErrors: string[] = [];
  const onMessage = (message: WorkerMessage, _child: WorkerChild) => {
    if (message.type !== "ack" || restarting || restarts >= plans.length) return;
    const plan = plans[restarts];
    if (++acks < plan.afterAcks) return;
    acks = 0;
    restarting = new Promise<void>((resolve) => setTimeout(resolve, plan.delayMs))
      .then(() => server.restart(plan.mode, plan.downMs))
      .then(() => void see(tally, `server restarts mid-run (${plan.mode})`))
      .catch((error: unknown) => void restartErrors.push(String(error)))
      .finally(() => {
        restarts++;
        restarting = null;
      });
  };
  const end = await runWatchedChild<WorkerMessage>("worker", job, onMessage, STUCK_MS);
  await (restarting ?? Promise.resolve());
  restartErrors.forEach((error) => fail(`the server did not restart: ${error}`));
  const away = end.messages.filter((m) => m.type === "run_end" && m.error?.includes("PostgresUnreachableError")).length;
  see(tally, "runs stopped by the server going away, then continued", away);
  if (end.code !== 0 || !end.messages.some((m) => m.type === "done")) {
    tally.crashes!++;
    fail(`the child did not finish (${describeEnd(end)})`);
    return tally;
  }
  if (restarts > 0) tally.recoveries!++;
  const store = openStore(ctx.kind, ctx.location);
  try {
    const check = await checkFinished({
      store,
      stateId,
      ackFile: job.ackFile,
      sideEffectsFile: job.sideEffectsFile,
      unknownCalls: new Set(),
      finished: (state) => conversationFinished(state.history, state.stoppedBy, ctx.rounds),
    });
    tally.lost = check.lost.length;
    tally.twice = check.twice;
    check.failures.forEach(fail);
  } finally {
    closeStore(store);
  }
  return tally;
}
