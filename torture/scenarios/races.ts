/**
 * Races between processes on one store:
 * - two runners of one State: while a first child runs it, a second loads it and tries
 *   to run it. Refused at once ("refused"), or, following the refusal's own advice, it
 *   waits for the first run to end and runs it then ("waits"): either way it must not
 *   write over what the first one saved;
 * - a runner killed while holding the lease: of two children starting right after, one
 *   takes the State over (a dead holder's lease blocks a few seconds at most), the other
 *   is refused;
 * - many conversations saved at the same moment from several processes (the store's
 *   locking and busy handling): every child finishes.
 * Then a last child finishes the State, and the usual end checks run on all acknowledgements.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startWorker, type WorkerChild } from "../child";
import { conversationFinished } from "../conversation-progress";
import { checkFinished } from "../invariants";
import { openSession } from "../session";
import { closeStore, openStore } from "../stores";
import { see, type Tally } from "../tally";
import { describeEnd } from "../watched-child";
import { WORKER_EXIT, type WorkerJob } from "../worker-protocol";
import { stateIdOf, type RunContext } from "./run-context";

export type RaceKind = "refused" | "waits" | "killed-holder" | "many-writers";

type RaceTally = Partial<Tally> & { failures: string[]; kills: number; crashes: number; lost: number; twice: number; recoveries: number };

const firstAck = (child: WorkerChild) => child.waitFor((m) => m.type === "ack" || m.type === "done");


function jobFor(ctx: RunContext, stateId: string, files: string, slowMs?: number): WorkerJob {
  return {
    store: ctx.kind,
    location: ctx.location,
    stateId,
    modelUrl: ctx.modelUrl,
    rounds: 2,
    turns: 2,
    slowMs,
    contextBudget: null,
    ackFile: join(files, "acks.jsonl"),
    sideEffectsFile: join(files, "side-effects.jsonl"),
    signals: false,
    busyRetryMs: 0,
    maxAttempts: 40,
  };
}

/** A last child finishes the State (unless done already); then the end checks over every child's acknowledgements. */
async function finishAndCheck(ctx: RunContext, job: WorkerJob, tally: RaceTally, fail: (what: string) => void, finished = false): Promise<void> {
  if (!finished) {
    const last = await startWorker({ ...job, waitForGo: false, busyRetryMs: 20_000 }).ended;
    if (last.code !== WORKER_EXIT.done) {
      tally.crashes++;
      fail(`the child finishing the State ended with ${describeEnd(last)}`);
    }
  }
  const store = openStore(ctx.kind, ctx.location);
  try {
    const check = await checkFinished({
      store,
      stateId: job.stateId,
      ackFile: job.ackFile,
      sideEffectsFile: job.sideEffectsFile,
      unknownCalls: new Set(),
      finished: (state) => conversationFinished(state.history, state.stoppedBy, job.rounds),
    });
    tally.lost += check.lost.length;
    tally.twice += check.twice;
    check.failures.forEach(fail);
  } finally {
    closeStore(store);
  }
}

const loaded = (child: WorkerChild) => child.waitFor((m) => m.type === "loaded");

/** The State saved with only its task, so two children can load the same thing. */
async function saveNewState(ctx: RunContext, job: WorkerJob, files: string): Promise<void> {
  const session = openSession({ ...ctx, store: openStore(ctx.kind, ctx.location), stateId: job.stateId, scratch: files, rounds: job.rounds, turns: job.turns, slowMs: job.slowMs });
  try {
    await session.agent.save(session.state);
  } finally {
    session.close();
  }
}

async function twoRunners(ctx: RunContext, patient: boolean, tally: RaceTally, fail: (what: string) => void): Promise<void> {
  const stateId = `${stateIdOf(ctx).slice(0, 110)}-${patient ? "w" : "r"}`;
  const files = join(ctx.scratch, stateId);
  mkdirSync(files, { recursive: true });
  const job: WorkerJob = { ...jobFor(ctx, stateId, files, 300), waitForGo: true };
  await saveNewState(ctx, job, files);
  // Both load the same saved State, then both start at once: one runs, the other is refused.
  const ackedAt: number[][] = [[], []];
  const endedAt = [Infinity, Infinity];
  const runners = [0, 1].map((i) => {
    const child = startWorker({ ...job, busyRetryMs: patient ? 30_000 : 0 }, (message) => {
      if (message.type === "ack") ackedAt[i].push(Date.now());
    });
    void child.ended.then(() => (endedAt[i] = Date.now()));
    return child;
  });
  await Promise.all(runners.map(loaded));
  runners.forEach((child) => child.send("go"));
  const ends = await Promise.all(runners.map((child) => child.ended));
  const done = ends.filter((end) => end.code === WORKER_EXIT.done).length;
  const refusedOrDone = [WORKER_EXIT.done, WORKER_EXIT.busy, WORKER_EXIT.stale] as number[];
  ends.forEach((end, i) => {
    if (!refusedOrDone.includes(end.code ?? -1)) fail(`runner ${i} ended with ${describeEnd(end)}, not done or refused`);
  });
  if (!patient && done !== 1) fail(`${done} of two runners started at once ran the State, not 1`);
  // Two runners at once: one saved between the other's first and last save.
  for (const [i, j] of [[0, 1], [1, 0]]) {
    const first = ackedAt[j][0] ?? Infinity;
    if (ackedAt[i].some((t) => t > first && t < endedAt[j])) fail(`runner ${i} saved while runner ${j} was running the same State`);
  }
  await finishAndCheck(ctx, job, tally, fail);
}

async function killedHolder(ctx: RunContext, tally: RaceTally, fail: (what: string) => void): Promise<void> {
  const stateId = `${stateIdOf(ctx).slice(0, 110)}-k`;
  const files = join(ctx.scratch, stateId);
  mkdirSync(files, { recursive: true });
  const job = jobFor(ctx, stateId, files, 400);
  const holder = startWorker(job);
  await firstAck(holder);
  if (holder.signal("SIGKILL")) tally.kills++;
  await holder.ended;
  const refusals = [WORKER_EXIT.busy, WORKER_EXIT.stale] as number[];
  const [b, c] = await Promise.all([startWorker(job).ended, startWorker(job).ended]);
  const won = [b, c].filter((end) => end.code === WORKER_EXIT.done).length;
  const refused = [b, c].filter((end) => refusals.includes(end.code ?? -1)).length;
  if (won + refused !== 2) fail(`after the holder was killed, a runner ended with ${describeEnd(refusals.includes(b.code ?? -1) || b.code === WORKER_EXIT.done ? c : b)}`);
  let tookOver = won > 0;
  if (won === 0) {
    // Killed between creating its lock and writing its pid, a holder is judged by the lock's
    // age alone: the lease may then block for a few seconds, never longer.
    const patient = await startWorker({ ...job, busyRetryMs: 15_000 }).ended;
    tookOver = patient.code === WORKER_EXIT.done;
    if (!tookOver) fail(`the lease of the killed holder still blocked a runner after 15 s (${describeEnd(patient)})`);
    else see(tally, "killed holders whose lease blocked new runners for a few seconds");
  }
  if (tookOver) tally.recoveries++;
  await finishAndCheck(ctx, job, tally, fail);
}

async function manyWriters(ctx: RunContext, tally: RaceTally, fail: (what: string) => void): Promise<void> {
  const writers = 6;
  const jobs = Array.from({ length: writers }, (_, i) => {
    const stateId = `${stateIdOf(ctx).slice(0, 110)}-m${i}`;
    const files = join(ctx.scratch, stateId);
    mkdirSync(files, { recursive: true });
    return { ...jobFor(ctx, stateId, files), rounds: 1, turns: 3 };
  });
  const ends = await Promise.all(jobs.map((job) => startWorker(job).ended));
  ends.forEach((end, i) => {
    if (end.code !== WORKER_EXIT.done) {
      tally.crashes++;
      fail(`writer ${i} of ${writers} saving at once ended with ${describeEnd(end)}`);
    }
  });
  for (const [i, job] of jobs.entries()) await finishAndCheck(ctx, job, tally, fail, ends[i].code === WORKER_EXIT.done);
}

export async function raceRun(ctx: RunContext, race: RaceKind): Promise<Partial<Tally>> {
  const tally: RaceTally = { runs: 1, kills: 0, crashes: 0, lost: 0, twice: 0, recoveries: 0, failures: [] };
  const fail = (what: string) => tally.failures.push(`${ctx.label}: ${what}`);
  mkdirSync(ctx.scratch, { recursive: true });
  if (race === "refused" || race === "waits") await twoRunners(ctx, race === "waits", tally, fail);
  else if (race === "killed-holder") await killedHolder(ctx, tally, fail);
  else await manyWriters(ctx, tally, fail);
  return tally;
}
