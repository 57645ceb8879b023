/**
 * What every scenario run gets: its store, its own scratch folder and random stream, the
 * shared model server, and a label that names it in failure messages (enough to replay it).
 */
import type { Prng } from "../prng";
import type { StoreKind, Tally } from "../tally";

export interface RunContext {
  kind: StoreKind;
  /** The store shared by the campaign's runs on this kind (a database file or a folder). */
  location: string;
  /** A folder of this run's own. */
  scratch: string;
  modelUrl: string;
  prng: Prng;
  /** e.g. "seed 7 run 12 sqlite sigkill": printed with every failure. */
  label: string;
  /** Conversation size: rounds (person's messages) and tool turns per round. */
  rounds: number;
  turns: number;
  /** The Agent's context budget: small enough to compact now and then, or null for the default. */
  contextBudget: number | null;
  /** The PostgreSQL server of a postgres campaign, when the campaign started it (so it can restart it). */
  server?: { restart(mode: "fast" | "immediate", downMs?: number): Promise<void> };
  /** How many times a kill run stops its child before letting one finish (default 1 to 4). */
  stops?: readonly [number, number];
}

export type Scenario = (ctx: RunContext) => Promise<Partial<Tally>>;

export const stateIdOf = (ctx: RunContext) => `t-${ctx.label.replace(/[^A-Za-z0-9_-]+/g, "-")}`.slice(0, 128);
