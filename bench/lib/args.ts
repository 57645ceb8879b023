/** Command line of `npm run bench`: `--quick`, `--out <folder>`, `--only <suite,suite>`. */
import path from "node:path";
import type { Mode } from "../config";

export interface BenchArgs {
  mode: Mode;
  outFolder: string;
  /** Suites to run; empty: all of them. */
  only: string[];
}

export function parseArgs(argv: string[], defaultOut: string): BenchArgs {
  const args: BenchArgs = { mode: "full", outFolder: defaultOut, only: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--quick") args.mode = "quick";
    else if (arg === "--full") args.mode = "full";
    else if (arg === "--out") args.outFolder = path.resolve(argv[++i] ?? ".");
    else if (arg === "--only") args.only = (argv[++i] ?? "").split(",").filter(Boolean);
    else throw new Error(`Unknown argument ${arg}. Use --quick, --full, --out <folder>, --only <suite,...>.`);
  }
  return args;
}
