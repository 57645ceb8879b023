/**
 * Store faults, swept: a conversation is played once to count its writes (W); then it is
 * played W more times, the Nth time with write N failing (before writing, after writing
 * some entries and no snapshot, or after writing everything). Each time the seed's
 * save-failure rules are checked where the fault lands:
 * - a failed save in a run going well fails the run with the store's own error, except
 *   the save of one tool result, which does not stop the other tools (the run goes on and
 *   the save at the end of use_tools writes what is missing);
 * - nothing that failed to save is lost from the State in memory;
 * - a half-written save still loads (as after a kill at that instant);
 * - the next save writes everything that was missing;
 * and the conversation then finishes with every acknowledged entry kept, no tool run twice.
 */
import type { StepEvent } from "../../src/main/agent/run/events";
import { canonicalJson } from "../canonical-json";
import { driveConversation } from "../drive";
import { InjectedStoreFault, type FaultMode, type WriteCall } from "../fault-store";
import { checkAfterStop, storeDiffersFromMemory } from "../invariants";
import { openSession, type Session } from "../session";
import { closeStore, openStore } from "../stores";
import { see, type Tally } from "../tally";
import { stateIdOf, type RunContext } from "./run-context";

export const FAULT_MODES: FaultMode[] = ["before", "entries", "after"];

function setUp(
  ctx: RunContext,
  stateId: string,
  plan: (call: WriteCall) => FaultMode | null,
  onFault: (call: WriteCall) => void | Promise<void>,
): Session {
  return openSession({ ...ctx, store: openStore(ctx.kind, ctx.location), stateId, plan, onFault });
}

const driveOptions = (ctx: RunContext) => ({ rounds: ctx.rounds, turns: ctx.turns, maxAttempts: 40, busyRetryMs: 10_000 });

export async function faultSweepRun(campaignCtx: RunContext): Promise<Partial<Tally>> {
  // One conversation per write of it: kept short, so a sweep stays a few dozen conversations,
  // and compacting, so some faults land on the save of a compaction (which cannot be replayed).
  const ctx = {
    ...campaignCtx,
    rounds: Math.min(campaignCtx.rounds, 2),
    turns: Math.min(campaignCtx.turns, 2),
    contextBudget: Math.min(campaignCtx.contextBudget ?? 800, 800),
  };
  const tally = { runs: 1, faults: 0, recoveries: 0, lost: 0, twice: 0, crashes: 0, failures: [] as string[], seen: {} as Record<string, number> };
  const base = stateIdOf(ctx).slice(0, 100);

  const counting = setUp(ctx, `${base}-count`, () => null, () => {});
  try {
    await driveConversation(counting.agent, counting.state, driveOptions(ctx));
  } finally {
    counting.close();
  }
  const writes = counting.store.writes;

  // Modes take turns from a random start, so every mode meets every kind of write across sweeps.
  const offset = ctx.prng.int(0, FAULT_MODES.length - 1);
  for (let n = 1; n <= writes; n++) {
    const mode = FAULT_MODES[(n + offset) % FAULT_MODES.length];
    const fail = (what: string) => tally.failures.push(`${ctx.label}: write ${n} failing (${mode}): ${what}`);
    let faulted: WriteCall | null = null;
    let failedPoint: string | null = null;
    let checked = false;
    // At the instant of the fault, as if the process were killed then: the store must load.
    const lookAtStore = async (call: WriteCall) => {
      faulted = call;
      const other = openStore(ctx.kind, ctx.location);
      try {
        const check = await checkAfterStop({ store: other, stateId: call.stateId, ackFile: play.ackFile, sideEffectsFile: play.sideEffectsFile, stop: "fault" });
        tally.lost += check.lost.length;
        check.failures.forEach(fail);
        if (check.failures.length === 0) tally.recoveries++;
        if (mode !== "before") see(tally, `loads of a store failed "${mode}"`);
        if (check.state?.history.some((e) => e.kind === "notice")) see(tally, "loads continuing after a half-written compaction");
      } finally {
        closeStore(other);
      }
    };
    const play: Session = setUp(ctx, `${base}-w${n}`, (call) => (call.n === n ? mode : null), lookAtStore);
    const onEvent = (event: StepEvent) => {
      if (event.type === "save" && !event.ok && failedPoint === null) failedPoint = (event as { point?: string }).point ?? "unknown";
    };
    const checkFault = async (error: unknown | null) => {
      if (!faulted || checked) return;
      checked = true;
      tally.faults++;
      const call: WriteCall = faulted;
      const point = failedPoint ?? "explicit";
      see(tally, `faults in a ${point} save`);
      if (error === null && point !== "tool_result") fail(`the run went on after its ${point} save failed`);
      if (error !== null && point === "tool_result") fail(`a failed tool-result save stopped the run: ${String(error)}`);
      if (error !== null && !(error instanceof InjectedStoreFault)) fail(`the run threw ${String(error)} instead of the store's error`);
      const bySeq = new Map(play.state.history.map((e) => [e.seq, e]));
      for (const entry of call.entries) {
        const kept = bySeq.get(entry.seq);
        if (!kept || canonicalJson({ ...kept, error: null }) !== canonicalJson(entry)) fail(`entry ${entry.seq} of the failed save is gone from memory`);
      }
      try {
        await play.agent.save(play.state);
        const missing = await storeDiffersFromMemory(play.store, play.state);
        missing.forEach((m) => fail(`after the next save: ${m}`));
      } catch (saveError) {
        fail(`the next save failed: ${String(saveError).split("\n")[0]}`);
      }
    };
    try {
      await driveConversation(play.agent, play.state, { ...driveOptions(ctx), runOptions: { onEvent }, onRunEnd: checkFault });
      if (!checked) await checkFault(null);
      const check = await play.checkFinished();
      tally.lost += check.lost.length;
      tally.twice += check.twice;
      check.failures.forEach(fail);
    } catch (error) {
      tally.crashes++;
      fail(`the conversation broke down: ${error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error)}`);
    } finally {
      play.close();
    }
  }
  return tally;
}
