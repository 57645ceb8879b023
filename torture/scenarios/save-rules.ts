/**
 * The two save-failure rules a single swept fault cannot reach:
 * - a run that is already failing (here: a model request refused with a 400) whose closing
 *   save fails too throws the original error, of its own class, with the failed save as a
 *   note ("saving the state also failed: ...");
 * - an abort that arrives while a save is failing is thrown instead of the store's error,
 *   and the calls still open are closed as aborted.
 * After each, the next save writes everything that was missing and the conversation finishes.
 */
import Anthropic from "@anthropic-ai/sdk";
import { failsOnce } from "../conversation-script";
import { driveConversation } from "../drive";
import { InjectedStoreFault } from "../fault-store";
import { storeDiffersFromMemory } from "../invariants";
import { openSession } from "../session";
import { openStore } from "../stores";
import { see, type Tally } from "../tally";
import { stateIdOf, type RunContext } from "./run-context";

class TortureStop extends Error {
  override name = "TortureStop";
}

type RulesTally = Partial<Tally> & { failures: string[]; faults: number; lost: number; twice: number; crashes: number; recoveries: number };

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error));

async function finish(session: ReturnType<typeof openSession>, ctx: RunContext, tally: RulesTally, fail: (what: string) => void) {
  await session.agent.save(session.state);
  (await storeDiffersFromMemory(session.store, session.state)).forEach((d) => fail(`the next save left: ${d}`));
  await driveConversation(session.agent, session.state, { rounds: 1, turns: 2, maxAttempts: 10, busyRetryMs: 5_000 });
  const check = await session.checkFinished();
  tally.lost += check.lost.length;
  tally.twice += check.twice;
  check.failures.forEach(fail);
  if (check.failures.length === 0) tally.recoveries++;
}

async function failingRunAndFailingSave(ctx: RunContext, tally: RulesTally, fail: (what: string) => void) {
  const stateId = `${stateIdOf(ctx).slice(0, 100)}-note`;
  let faulted = false;
  const session = openSession({
    ...ctx,
    rounds: 1,
    turns: 2,
    store: openStore(ctx.kind, ctx.location),
    stateId,
    taskSuffix: failsOnce(1, stateId),
    // The save that records the failed run (its snapshot says "error") fails too.
    plan: (call) => {
      if (faulted || call.snapshot?.stoppedBy !== "error") return null;
      faulted = true;
      tally.faults++;
      return "before";
    },
  });
  try {
    const error = await session.agent.run(session.state).then(() => null, (e: unknown) => e);
    const notes = ((error as { notes?: string[] } | null)?.notes ?? []).join("\n");
    if (!(error instanceof Anthropic.BadRequestError)) fail(`a failing run whose closing save failed threw ${describe(error)}, not the model's BadRequestError`);
    else if (!/saving the state also failed: InjectedStoreFault/.test(notes)) fail(`the failed closing save is not noted on the run's error (notes: ${JSON.stringify(notes)})`);
    else see(tally, "failing runs that noted a failed save");
    await finish(session, ctx, tally, fail);
  } finally {
    session.close();
  }
}

async function abortWhileSaving(ctx: RunContext, tally: RulesTally, fail: (what: string) => void) {
  const stateId = `${stateIdOf(ctx).slice(0, 100)}-abort`;
  const controller = new AbortController();
  const session = openSession({
    ...ctx,
    rounds: 1,
    turns: 2,
    store: openStore(ctx.kind, ctx.location),
    stateId,
    // The first tool result's save fails, and the run is aborted while it fails.
    plan: (call) => (!controller.signal.aborted && call.entries.some((e) => e.kind === "tool_result") ? "before" : null),
    onFault: () => {
      tally.faults++;
      controller.abort(new TortureStop("stopped while a save was failing"));
    },
  });
  try {
    const error = await session.agent.run(session.state, { signal: controller.signal }).then(() => null, (e: unknown) => e);
    if (error instanceof InjectedStoreFault || !(error instanceof TortureStop)) fail(`an abort while saving threw ${describe(error)}, not the abort`);
    else see(tally, "aborts while saving that won");
    if (session.state.stoppedBy !== "aborted") fail(`after an abort while saving, stoppedBy is ${session.state.stoppedBy}`);
    const open = session.state.history.filter((e) => e.kind === "tool_result" && e.status === "aborted" && e.text !== "(aborted: TortureStop)");
    if (open.length > 0) fail(`calls closed by the abort read ${JSON.stringify(open[0].text)}, not "(aborted: TortureStop)"`);
    await finish(session, ctx, tally, fail);
  } finally {
    session.close();
  }
}

export async function saveRulesRun(ctx: RunContext): Promise<Partial<Tally>> {
  const tally: RulesTally = { runs: 1, faults: 0, lost: 0, twice: 0, crashes: 0, recoveries: 0, failures: [] };
  const fail = (what: string) => tally.failures.push(`${ctx.label}: ${what}`);
  for (const rule of [failingRunAndFailingSave, abortWhileSaving]) {
    try {
      await rule(ctx, tally, fail);
    } catch (error) {
      tally.crashes++;
      fail(`${rule.name} broke down: ${describe(error)}`);
    }
  }
  return tally;
}
