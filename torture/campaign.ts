/**
 * The campaign: for each store, `runs` seeded runs, each a scenario drawn from the seed
 * (the first runs cover every scenario once, in order), several at a time; then more kill
 * runs if the kills fell short of `minKills`. One scripted model server serves them all.
 * Returns a tally per store; the caller prints the table.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startModelServer } from "../test/support/model-server";
import { conversationReply } from "./conversation-script";
import { Prng } from "./prng";
import { SCENARIOS, type ScenarioName, scenarioWeights } from "./scenarios";
import { type ThrowawayCluster, startThrowawayCluster } from "../test/support/postgres-cluster";
import { ServerGate } from "./server-gate";
import type { RunContext } from "./scenarios/run-context";
import { PG_URL_VARIABLE, storeLocation } from "./stores";
import { addTally, emptyTally, type StoreKind, type Tally } from "./tally";

export interface CampaignOptions {
  seed: number;
  /** Runs per store. */
  runs: number;
  stores: StoreKind[];
  /** Runs going at once (children and in-process scenarios). */
  concurrency: number;
  /** After the planned runs, more SIGKILL runs until each store has had this many kills. */
  minKills?: number;
  /** Only these scenarios (default: all). */
  scenarios?: ScenarioName[];
  /** Keep the scratch folder afterwards. */
  keep?: boolean;
  /** Progress lines (one per finished run). */
  log?: (line: string) => void;
}

export interface CampaignResult {
  seed: number;
  tallies: Partial<Record<StoreKind, Tally>>;
  scratch: string;
  durationMs: number;
}

/** Conversation sizes: small enough to run many, long enough for kills to land everywhere. */
const ROUNDS: readonly [number, number] = [1, 3];
const TURNS: readonly [number, number] = [1, 3];
/** Context budgets (tokens) that make a conversation compact every few turns. */
const COMPACTING_BUDGET: readonly [number, number] = [900, 2000];

export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const started = Date.now();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "alpine-torture-"));
  const log = options.log ?? (() => {});
  const server = await startModelServer({ fallback: conversationReply({ frameDelayMs: 2, slowMs: 40 }) });
  const names = options.scenarios ?? (Object.keys(SCENARIOS) as ScenarioName[]);
  const tallies: Partial<Record<StoreKind, Tally>> = {};
  const jobs: (() => Promise<void>)[] = [];
  let serial = 0;
  const cluster = options.stores.includes("postgres") ? await postgresServer() : null;
  const gate = new ServerGate();

  const runOne = async (kind: StoreKind, name: ScenarioName, index: number, stops?: readonly [number, number]) => {
    const prng = new Prng(options.seed).fork(`${kind}:${index}`);
    const label = `seed ${options.seed} run ${index} ${kind} ${name}`;
    const ctx: RunContext = {
      kind,
      location: storeLocation(kind, path.join(scratch, kind)),
      scratch: path.join(scratch, kind, `run-${index}`),
      modelUrl: server.url,
      prng,
      label,
      rounds: prng.int(...ROUNDS),
      turns: prng.int(...TURNS),
      contextBudget: prng.chance(0.4) ? prng.int(...COMPACTING_BUDGET) : null,
      stops,
      ...(kind === "postgres" && cluster ? { server: cluster } : {}),
    };
    mkdirSync(ctx.scratch, { recursive: true });
    const runStarted = Date.now();
    let result: Partial<Tally>;
    try {
      const scenario = () => SCENARIOS[name](ctx);
      result = kind !== "postgres" ? await scenario() : name === "server-restart" ? await gate.alone(scenario) : await gate.shared(scenario);
    } catch (error) {
      result = { runs: 1, crashes: 1, failures: [`${label}: the scenario itself threw ${error instanceof Error ? error.stack : String(error)}`] };
    }
    addTally(tallies[kind]!, result);
    if (++serial % 50 === 0) server.reset(); // keep the recorded requests from growing without bound
    const bad = (result.failures?.length ?? 0) > 0 ? ` FAILED: ${result.failures![0]}` : "";
    const seconds = ((Date.now() - runStarted) / 1000).toFixed(1);
    log(`${label}: ${seconds} s, kills ${result.kills ?? 0}, faults ${result.faults ?? 0}, bad inputs ${result.badInputs ?? 0}${bad}`);
  };

  for (const kind of options.stores) {
    tallies[kind] = emptyTally();
    mkdirSync(path.join(scratch, kind), { recursive: true });
    const prng = new Prng(options.seed).fork(`schedule:${kind}`);
    // A server the campaign did not start is not restarted.
    const weights = scenarioWeights(kind).filter(([name]) => names.includes(name) && (name !== "server-restart" || cluster !== null));
    if (weights.length === 0) {
      log(`${kind}: none of the chosen scenarios runs on this store`);
      continue;
    }
    const fitting = weights.map(([name]) => name);
    for (let i = 0; i < options.runs; i++) {
      const name = i < fitting.length ? fitting[i] : prng.weighted(weights);
      jobs.push(() => runOne(kind, name, i));
    }
  }
  // Interleave the stores so both make progress together.
  const order = jobs.map((job, i) => ({ job, key: (i % options.runs) * options.stores.length + Math.floor(i / options.runs) }));
  order.sort((a, b) => a.key - b.key);
  try {
    await pool(order.map((o) => o.job), options.concurrency);
    if (options.minKills) {
      const extra = options.stores.map(async (kind) => {
        for (let i = options.runs; tallies[kind]!.kills < options.minKills! && i < options.runs + 200; i++) {
          await runOne(kind, "sigkill", i, [3, 6]);
        }
      });
      await Promise.all(extra);
    }
  } finally {
    await server.close();
    await cluster?.stop();
    if (!options.keep) rmSync(scratch, { recursive: true, force: true });
  }
  return { seed: options.seed, tallies, scratch, durationMs: Date.now() - started };
}

/**
 * The server of a postgres campaign: ALPINE_TORTURE_PG_URL or ALPINE_TEST_PG_URL when set (not
 * restarted then), else a throwaway loopback cluster the campaign starts, restarts and removes.
 */
async function postgresServer(): Promise<ThrowawayCluster | null> {
  const given = process.env[PG_URL_VARIABLE] ?? process.env.ALPINE_TEST_PG_URL;
  if (given) {
    process.env[PG_URL_VARIABLE] = given;
    return null;
  }
  const cluster = await startThrowawayCluster();
  process.env[PG_URL_VARIABLE] = cluster.url; // the children reach it through their environment
  return cluster;
}

/** Runs the jobs, at most `concurrency` at once. */
async function pool(jobs: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}

