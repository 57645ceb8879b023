/** Command line of `npm run bench`: `--quick`, `--out <folder>`, `--only <suite,suite>`, `--beside-busy-loop`. */
import path from "node:path";
import type { Mode } from "../config";

export interface BenchArgs {
  mode: Mode;
  outFolder: string;
  /** Suites to run; empty: all of them. */
  only: string[];
  /** Run beside a busy loop on one core (busy-loop.ts); written to `<results>/beside-busy-loop` unless --out says otherwise. */
  besideBusyLoop: boolean;
}

export function parseArgs(argv: string[], defaultOut: string): BenchArgs {
  const args: BenchArgs = { mode: "full", outFolder: defaultOut, only: [], besideBusyLoop: false };
  let outGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--quick") args.mode = "quick";
    else if (arg === "--full") args.mode = "full";
    else if (arg === "--out") {
      args.outFolder = path.resolve(argv[++i] ?? ".");
      outGiven = true;
    } else if (arg === "--beside-busy-loop") args.besideBusyLoop = true;
    else if (arg === "--only") args.only = (argv[++i] ?? "").split(",").filter(Boolean);
    else throw new Error(`Unknown argument ${arg}. Use --quick, --full, --out <folder>, --only <suite,...>, --beside-busy-loop.`);
  }
  // Figures measured beside the loop never take the place of the quiet ones in the README's table.
  if (args.besideBusyLoop && !outGiven) args.outFolder = path.join(defaultOut, "beside-busy-loop");
  return args;
}
