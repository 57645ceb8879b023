/**
 * Acknowledged means saved: the real service in the test host (a child process), spoken to
 * through the window's own protocol. A client does what a person does in the window (send a
 * first message, another, answer a question, edit, regenerate, rename, delete, save a
 * setting, add an MCP server) and SIGKILLs the service at the instant an answer arrives, or a
 * few hundred microseconds before or after it. The host is started again on the same data
 * folder (SQLite, or a PostgreSQL database of the run's own) and asked, through the same
 * protocol, for everything it acknowledged: each must be there, exactly once; the action the
 * kill cut before its answer was read must be whole or absent, never half-done.
 */
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { AckClient, spinMicros } from "../ack-client";
import { type PlannedAction, planAction } from "../ack-actions";
import { AckBook, checkBook } from "../ack-book";
import { type AckHost, startAckHost, usePostgresStorage } from "../ack-host";
import { startAckModel } from "../ack-model";
import { PG_URL_VARIABLE } from "../stores";
import { see, type Tally } from "../tally";
import type { RunContext } from "./run-context";

type KillMode = "at" | "before" | "after";
const RUN_END_MS = 30_000;

interface RunState {
  ctx: RunContext;
  tally: Partial<Tally> & { failures: string[]; kills: number; lost: number };
  book: AckBook;
  /** Microseconds from a request sent to its answer read, per channel (where a "before" kill aims). */
  latency: Map<string, number>;
  serial: number;
}

export async function acknowledgementsRun(ctx: RunContext): Promise<Partial<Tally>> {
  const run: RunState = { ctx, tally: { runs: 1, kills: 0, recoveries: 0, lost: 0, crashes: 0, failures: [] }, book: new AckBook(), latency: new Map(), serial: 0 };
  const dataFolder = join(ctx.scratch, "data");
  mkdirSync(dataFolder, { recursive: true });
  const database = ctx.kind === "postgres" ? await createDatabase(ctx) : null;
  if (database) usePostgresStorage(dataFolder, database.url);
  const model = await startAckModel();
  let host: AckHost | null = null;
  try {
    host = await startAckHost(dataFolder, model.url);
    const kills = ctx.prng.int(...(ctx.stops ?? [2, 4]));
    for (let life = 0; life <= kills; life++) {
      const client = await AckClient.connect(host.wsUrl, new URL(host.url).origin);
      if (life > 0) await check(run, client);
      if (life === kills) {
        client.close();
        break;
      }
      // A third of the lives end at their first action: the first message after a launch is the one most at risk.
      const actions = ctx.prng.chance(0.35) ? 1 : ctx.prng.int(2, 6);
      for (let i = 0; i < actions - 1; i++) await actFully(run, client, await planAction(client, run.book, ctx.prng, tagOf(run)));
      await actAndKill(run, client, host, await planAction(client, run.book, ctx.prng, tagOf(run)), actions === 1);
      client.close();
      await host.exited;
      host = await startAckHost(dataFolder, model.url);
    }
  } catch (error) {
    run.tally.crashes!++;
    run.tally.failures.push(`${ctx.label}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}${host ? `; host stderr: ${host.stderr().trim().slice(-600)}` : ""}`);
  } finally {
    host?.kill();
    await host?.exited;
    await model.close();
    await database?.drop();
  }
  return run.tally;
}

const tagOf = (run: RunState) => `[${run.ctx.label.replace(/^seed \d+ /, "")} a${run.serial++}]`;

/** An action whose answer is read with the service alive; a run it started is waited for. */
async function actFully(run: RunState, client: AckClient, action: PlannedAction): Promise<void> {
  client.events.length = 0;
  const sent = process.hrtime.bigint();
  const answer = await client.request(action.channel, action.args, { onAnswer: () => run.latency.set(action.channel, Number(process.hrtime.bigint() - sent) / 1000) });
  if (!answer.ok) {
    see(run.tally, `refused ${action.kind}: ${answer.error.name}`);
    return;
  }
  acknowledge(run, action);
  const started = action.acknowledged(answer.value);
  if (started) await waitForRunEnd(run, client, started);
}

function acknowledge(run: RunState, action: PlannedAction): void {
  see(run.tally, "acknowledged actions");
  see(run.tally, `acknowledged: ${action.kind}`);
}

async function waitForRunEnd(run: RunState, client: AckClient, id: string): Promise<void> {
  const ended = await client.waitForEvent((e) => e.type === "step" && e.conversationId === id && e.event.type === "run_end", RUN_END_MS);
  if (!ended || ended.type !== "step" || ended.event.type !== "run_end") {
    run.tally.failures.push(`${run.ctx.label}: the run of ${id} did not end within ${RUN_END_MS / 1000} s`);
    return;
  }
  const branch = run.book.branches.get(id);
  if (branch) branch.pendingAsk = ended.event.stoppedBy === "ask";
}

/** The action whose answer the kill meets: at the instant it is read, or `delta` µs before or after. */
async function actAndKill(run: RunState, client: AckClient, host: AckHost, action: PlannedAction, first: boolean): Promise<void> {
  const { prng } = run.ctx;
  const mode = prng.weighted<KillMode>([["at", 2], ["before", 1], ["after", 1]]);
  const delta = prng.int(50, 600);
  let killed = false;
  let acked: { value: unknown } | null = null;
  const kill = () => {
    host.kill();
    killed = true;
  };
  const sent = process.hrtime.bigint();
  if (mode === "before") {
    const aimUs = Math.max(0, (run.latency.get(action.channel) ?? 2_000) - delta);
    setTimeout(() => {
      if (killed) return;
      spinMicros(aimUs - Number(process.hrtime.bigint() - sent) / 1000);
      kill();
    }, Math.max(0, Math.floor(aimUs / 1000) - 1));
  }
  client.events.length = 0;
  await client.request(action.channel, action.args, {
    onAnswer: (result) => {
      if (killed) return; // read after the kill: the window never saw it
      if (mode === "after") spinMicros(delta);
      kill();
      if (result.ok) acked = { value: result.value };
    },
  });
  run.tally.kills++;
  see(run.tally, `kills ${mode} the answer`);
  if (first) see(run.tally, "kills at the first action after a launch");
  if (acked) {
    acknowledge(run, action);
    see(run.tally, "acknowledged, then killed at once");
    action.acknowledged((acked as { value: unknown }).value);
  } else run.book.unsettled = action.unsettled;
  run.book.lastCut = acked ? null : action.kind;
}

async function check(run: RunState, client: AckClient): Promise<void> {
  const cut = run.book.lastCut;
  const result = await checkBook(client, run.book);
  run.tally.lost += result.lost;
  for (const failure of result.failures) run.tally.failures.push(`${run.ctx.label}: ${failure}`);
  if (cut && result.unsettledWas) see(run.tally, `cut before its answer, ${cut}: ${result.unsettledWas} after the relaunch`);
  if (result.failures.length === 0) run.tally.recoveries!++;
}

/** A database of the run's own on the campaign's server: the service's tables are its own. */
async function createDatabase(ctx: RunContext): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env[PG_URL_VARIABLE];
  if (!server) throw new Error(`${PG_URL_VARIABLE} is not set: the campaign names the PostgreSQL server`);
  const name = `ack_${createHash("sha256").update(ctx.scratch).digest("hex").slice(0, 20)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined) };
}
