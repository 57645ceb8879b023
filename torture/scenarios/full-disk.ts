/**
 * A full disk, for real: SQLite's own "database or disk is full" (the store's connection
 * capped with PRAGMA max_page_count), and ENOSPC from a small tmpfs for both stores. In
 * each case a conversation runs a round, the disk fills up, and then:
 * - saving the person's next (large) message fails with a clear disk-full error;
 * - the store is intact: another store object loads the State with every acknowledged entry;
 * - a run started while the disk is full fails with the store's error, losing nothing in memory;
 * - once space returns, the next save writes everything that was missing, and the
 *   conversation finishes.
 * Where a tmpfs cannot be mounted, that case is reported as skipped (not passed).
 */
import type Database from "better-sqlite3";
import { join } from "node:path";
import type { Store } from "../../src/main/agent";
import { driveConversation } from "../drive";
import { checkAfterStop, storeDiffersFromMemory } from "../invariants";
import { openSession } from "../session";
import { mountSmallDisk } from "../small-disk";
import { closeStore, openStore, storeLocation } from "../stores";
import type { Tally } from "../tally";
import { stateIdOf, type RunContext } from "./run-context";

const DISK_FULL = /SQLITE_FULL|database or disk is full|ENOSPC|no space left/i;
const LARGE_MESSAGE_CHARS = 96 * 1024;

/** Skipped cases, reported once by the campaign (e.g. no mount rights here). */
export const skippedFullDiskCases = new Set<string>();

interface Disk {
  name: string;
  location: string;
  fill(store: Store): void;
  free(store: Store): void;
}

type TallyWithFailures = Partial<Tally> & { failures: string[]; faults: number; recoveries: number; lost: number; twice: number; crashes: number };

/** The store's own connection: max_page_count holds for one connection only. */
function connectionOf(store: Store): Database.Database {
  const db = (store as unknown as { db?: Database.Database }).db;
  if (!db || typeof db.pragma !== "function") throw new Error("SqliteStore no longer keeps its connection in `db`; update the full-disk case");
  return db;
}

async function fullDiskCase(ctx: RunContext, disk: Disk, tally: TallyWithFailures): Promise<void> {
  const fail = (what: string) => tally.failures.push(`${ctx.label} (${disk.name}): ${what}`);
  const stateId = `${stateIdOf(ctx).slice(0, 100)}-${disk.name}`;
  const session = openSession({ ...ctx, rounds: 2, store: openStore(ctx.kind, disk.location), stateId });
  const drive = { turns: ctx.turns, maxAttempts: 20, busyRetryMs: 10_000 };
  let step = "the first round";
  try {
    await driveConversation(session.agent, session.state, { ...drive, rounds: 1 });
    disk.fill(session.store.inner);
    tally.faults++;
    session.state.addUserMessage(`${"x".repeat(LARGE_MESSAGE_CHARS)}\n[round 1] Please write the notes of round 1 in ${ctx.turns} turns.`);
    const kept = session.state.history.length;

    const saved = await session.agent.save(session.state).then(() => null, (error: unknown) => error);
    if (saved === null) fail("saving on a full disk did not fail");
    else if (!DISK_FULL.test(String(saved))) fail(`saving on a full disk failed with an unclear error: ${String(saved).split("\n")[0]}`);

    const other = openStore(ctx.kind, disk.location);
    try {
      const check = await checkAfterStop({ store: other, stateId, ackFile: session.ackFile, sideEffectsFile: session.sideEffectsFile, stop: "fault" });
      tally.lost += check.lost.length;
      check.failures.forEach((f) => fail(`with the disk full: ${f}`));
      if (check.failures.length === 0) tally.recoveries++;
    } catch (error) {
      fail(`the store could not be opened again while the disk was full: ${String(error).split("\n")[0]}`);
    } finally {
      closeStore(other);
    }

    const ran = await session.agent.run(session.state).then(() => null, (error: unknown) => error);
    if (ran === null) fail("a run on a full disk did not fail");
    else if (!DISK_FULL.test(String(ran))) fail(`a run on a full disk failed with an unclear error: ${String(ran).split("\n")[0]}`);
    if (session.state.history.length < kept) fail("the State in memory lost entries while the disk was full");

    disk.free(session.store.inner);
    step = "the save after space returned";
    await session.agent.save(session.state);
    (await storeDiffersFromMemory(session.store, session.state)).forEach((d) => fail(`after space returned, the next save left: ${d}`));
    step = "the rest of the conversation";
    await driveConversation(session.agent, session.state, { ...drive, rounds: 2 });
    const check = await session.checkFinished();
    tally.lost += check.lost.length;
    tally.twice += check.twice;
    check.failures.forEach(fail);
  } catch (error) {
    tally.crashes++;
    fail(`${step} failed: ${error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : String(error)}`);
  } finally {
    session.close();
  }
}

export async function fullDiskRun(ctx: RunContext): Promise<Partial<Tally>> {
  const tally: TallyWithFailures = { runs: 1, faults: 0, recoveries: 0, lost: 0, twice: 0, crashes: 0, failures: [] };
  if (ctx.kind === "sqlite") {
    await fullDiskCase(
      ctx,
      {
        name: "page-cap",
        location: storeLocation("sqlite", join(ctx.scratch, "capped")),
        fill: (store) => {
          const db = connectionOf(store);
          db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true }) as number}`);
        },
        free: (store) => void connectionOf(store).pragma("max_page_count = 1073741823"),
      },
      tally,
    );
  }
  const mounted = mountSmallDisk(join(ctx.scratch, "small-disk"), 16 * 1024 * 1024);
  if ("unavailable" in mounted) {
    skippedFullDiskCases.add(`ENOSPC on a small disk: ${mounted.unavailable}`);
    return tally;
  }
  try {
    await fullDiskCase(
      ctx,
      {
        name: "tmpfs",
        location: storeLocation(ctx.kind, mounted.disk.folder),
        fill: () => mounted.disk.fill(),
        free: () => mounted.disk.free(),
      },
      tally,
    );
  } finally {
    mounted.disk.unmount();
  }
  return tally;
}
