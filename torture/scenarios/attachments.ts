/**
 * Attachments and kills: a child runs the real service through a seeded script of
 * conversations with files (the same bytes attached again, messages with files in earlier
 * conversations, deletions) and is SIGKILLed either exactly at a point of an operation
 * (right after the file is stored, after the conversation's claim and before its message is
 * saved, after the save and before the claim is confirmed, inside a deletion) or at a random
 * instant. After each kill the service is opened again in this process (its recovery runs),
 * closed, and the data folder checked: no dangling reference, no orphan file, the index
 * agrees with the messages. A last child does the rest of the script, and the check runs again.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { AlpineService } from "../../src/main/service/alpine-service";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { type AttachJob, type AttachMessage, planAttachOps, pointsOf } from "../attach-plan";
import { attachmentProblems, readAttachmentSnapshot } from "../attachment-check";
import type { Prng } from "../prng";
import { see, type Tally } from "../tally";
import { STUCK_MS, type WatchedEnd, describeEnd, runWatchedChild } from "../watched-child";
import { stateIdOf, type RunContext } from "./run-context";

interface AttachStop {
  /** Stop dead at this point of this operation, and be killed there. */
  pauseAt: AttachJob["pauseAt"];
  /** Else: killed this long after the operation began. */
  afterBeginMs: { op: number; ms: number } | null;
}

function planAttachStop(prng: Prng, job: AttachJob): AttachStop {
  const op = Math.min(job.ops.length - 1, job.from + prng.int(0, 2));
  if (prng.chance(0.6)) return { pauseAt: { op, point: prng.pick(pointsOf(job.ops[op]).slice(1)) }, afterBeginMs: null };
  return { pauseAt: null, afterBeginMs: { op, ms: prng.int(0, 250) } };
}

function runAttachChild(job: AttachJob, stop: AttachStop | null): Promise<WatchedEnd<AttachMessage>> {
  return runWatchedChild<AttachMessage>("attach-worker", job, (message, self) => {
    if (message.type !== "point" || !stop) return;
    if (message.paused) self.signal("SIGKILL");
    else if (stop.afterBeginMs && message.point === "begin" && message.op === stop.afterBeginMs.op) setTimeout(() => self.signal("SIGKILL"), stop.afterBeginMs.ms);
  });
}

/** Opens the service on the folder (its recovery runs before anything else), closes it, then checks the folder. */
async function recoverAndCheck(dataFolder: string, modelUrl: string): Promise<{ removed: number; problems: string[] }> {
  const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper("sk-ant-torture-key"), model: { baseURL: modelUrl, maxRetries: 0 }, startMcpServers: false });
  let removed = 0;
  try {
    removed = (await service.recovered).removed;
  } finally {
    await service.shutdown();
  }
  return { removed, problems: attachmentProblems(await readAttachmentSnapshot(dataFolder, DATABASE_FILE_NAME)) };
}

export async function attachmentsRun(ctx: RunContext): Promise<Partial<Tally>> {
  const tally: Partial<Tally> & { failures: string[] } = { runs: 1, kills: 0, recoveries: 0, crashes: 0, failures: [] };
  const fail = (what: string) => tally.failures.push(`${ctx.label}: ${what}`);
  const dataFolder = join(ctx.scratch, "data");
  mkdirSync(dataFolder, { recursive: true });
  const job: AttachJob = {
    dataFolder,
    modelUrl: ctx.modelUrl,
    tag: stateIdOf(ctx),
    ops: planAttachOps(ctx.prng, ctx.prng.int(4, 8)),
    from: 0,
    pauseAt: null,
    conversationsFile: join(ctx.scratch, "conversations.txt"),
  };
  const stops = ctx.prng.int(...(ctx.stops ?? [2, 4]));
  let finished = false;
  for (let i = 0; i <= stops && !finished; i++) {
    const stop = i === stops ? null : planAttachStop(ctx.prng, job);
    const end = await runAttachChild({ ...job, pauseAt: stop?.pauseAt ?? null }, stop);
    for (const m of end.messages) if (m.type === "run_error") fail(`operation ${m.op}'s run failed: ${m.name}: ${m.message}`);
    see(tally, "attachment operations skipped (their conversation was gone)", end.messages.filter((m) => m.type === "skipped").length);
    if (end.stuck) {
      tally.crashes!++;
      fail(`an attachments child said nothing for ${STUCK_MS} ms and was killed (${describeEnd(end)})`);
      return tally;
    }
    const killed = end.sent === "SIGKILL" && end.signal === "SIGKILL";
    if (!killed && (end.code !== 0 || !end.messages.some((m) => m.type === "done"))) {
      tally.crashes!++;
      fail(`an attachments child died instead of finishing (${describeEnd(end)})`);
      return tally;
    }
    finished = !killed;
    if (killed) {
      tally.kills!++;
      const at = end.messages.filter((m) => m.type === "point").at(-1);
      if (at?.type === "point") see(tally, at.paused ? `attachment kills exactly at "${at.point}"` : "attachment kills at a random instant");
      // Go on after the last operation that ended (the one killed is done again: the same bytes come back).
      const endedOps = end.messages.flatMap((m) => (m.type === "point" && m.point === "ended" ? [m.op] : []));
      job.from = Math.max(job.from, ...endedOps.map((op) => op + 1));
    }
    const check = await recoverAndCheck(dataFolder, ctx.modelUrl);
    see(tally, "orphan attachment files removed by recovery", check.removed);
    check.problems.forEach((problem) => fail(`after ${killed ? "a kill" : "the script's end"} and recovery: ${problem}`));
    if (killed && check.problems.length === 0) tally.recoveries!++;
  }
  if (!finished) fail("the attachments script did not finish");
  const snapshot = await readAttachmentSnapshot(dataFolder, DATABASE_FILE_NAME);
  see(tally, "attachment files stored at the end", snapshot.files.length);
  return tally;
}
