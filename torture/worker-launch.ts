/**
 * How the campaign starts a child. Starting `node --import tsx worker.ts` costs about two
 * seconds of CPU (tsx compiles and resolves every module through its loader); the campaign
 * starts hundreds of children. So the worker's sources are bundled once per process with
 * esbuild (the compiler tsx itself uses), into node_modules/.cache so the native
 * better-sqlite3 still resolves, and children run `node <bundle>`: the same code for a
 * tenth of the start-up. Where esbuild is not at hand, or with TORTURE_CHILD=tsx, children
 * run through tsx.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

let bundled: string[] | null | undefined;

function bundle(): string[] | null {
  if (process.env.TORTURE_CHILD === "tsx") return null;
  try {
    const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
    const folder = fileURLToPath(new URL("../node_modules/.cache/alpine-torture/", import.meta.url));
    mkdirSync(folder, { recursive: true });
    removeBundlesOfGoneProcesses(folder);
    const outfile = `${folder}worker-${process.pid}.mjs`;
    esbuild.buildSync({
      entryPoints: [WORKER],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: ["better-sqlite3", "pg-native"],
      // Bundled CommonJS packages call require(): give the ESM bundle one.
      banner: { js: "import { createRequire as __torture_require } from 'node:module'; const require = __torture_require(import.meta.url);" },
      logLevel: "silent",
    });
    process.once("exit", () => rmSync(outfile, { force: true }));
    return [outfile];
  } catch {
    return null;
  }
}

/** A campaign that was killed leaves its bundle behind: remove those whose process is gone. */
function removeBundlesOfGoneProcesses(folder: string): void {
  for (const name of readdirSync(folder)) {
    const pid = Number(/^worker-(\d+)\.mjs$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(`${folder}${name}`, { force: true });
    }
  }
}

/** The node arguments that start the worker (the job JSON goes after them). */
export function workerArgs(): string[] {
  if (bundled === undefined) bundled = bundle();
  return bundled ?? ["--import", "tsx", WORKER];
}
