/**
 * The campaign's command-line flags: --seed N, --runs N, --store sqlite|file|both,
 * --concurrency N, --keep (keep the scratch folder for a post-mortem).
 */
import { parseArgs } from "node:util";
import type { StoreKind } from "./tally";

export interface CampaignFlags {
  seed: number;
  runs: number;
  stores: StoreKind[];
  concurrency: number;
  keep: boolean;
  /** Only these scenarios (default: all). */
  only: string[] | null;
}

export class UsageError extends Error {
  override name = "UsageError";
}

export const USAGE =
  "Usage: npm run torture -- [--seed N] [--runs N] [--store sqlite|file|postgres|both|all] [--concurrency N] [--only a,b] [--keep]\n" +
  "  --seed         repeat a campaign (default: a random seed, printed)\n" +
  "  --runs         runs per store (default 40)\n" +
  "  --store        which store to torture (default both: sqlite and file; postgres starts a throwaway\n" +
  "                 server unless ALPINE_TORTURE_PG_URL names one, and adds the server-restart scenario)\n" +
  "  --concurrency  runs at once (default 3)\n" +
  "  --only         only these scenarios, comma-separated (e.g. sigkill,broken-files)\n" +
  "  --keep         keep the scratch folder (databases, acks, side effects) afterwards";

function wholeNumber(flag: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) throw new UsageError(`--${flag} must be a whole number >= ${min}, got "${text}"`);
  return value;
}

export function parseCampaignFlags(argv: string[], randomSeed: () => number): CampaignFlags {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        seed: { type: "string" },
        runs: { type: "string", default: "40" },
        store: { type: "string", default: "both" },
        concurrency: { type: "string", default: "3" },
        keep: { type: "boolean", default: false },
        only: { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const store = values.store!;
  const named: Record<string, StoreKind[]> = { sqlite: ["sqlite"], file: ["file"], postgres: ["postgres"], both: ["sqlite", "file"], all: ["sqlite", "file", "postgres"] };
  if (!(store in named)) throw new UsageError(`--store must be sqlite, file, postgres, both (sqlite and file) or all, got "${store}"`);
  return {
    seed: values.seed === undefined ? randomSeed() : wholeNumber("seed", values.seed, 0),
    runs: wholeNumber("runs", values.runs!, 1),
    stores: named[store],
    concurrency: wholeNumber("concurrency", values.concurrency!, 1),
    keep: values.keep!,
    only: values.only === undefined ? null : values.only.split(",").map((name) => name.trim()).filter(Boolean),
  };
}
