/**
 * How the campaign starts its children: the conversation worker, the MCP counting server,
 * the attachment worker and the test host. Starting `node --import tsx <entry>.ts` costs about two
 * seconds of CPU (tsx compiles and resolves every module through its loader); the campaign
 * starts hundreds of children. So each entry's sources are bundled once per process with
 * esbuild (the compiler tsx itself uses), into node_modules/.cache so the native
 * better-sqlite3 still resolves, and children run `node <bundle>`: the same code for a
 * tenth of the start-up. Where esbuild is not at hand, or with TORTURE_CHILD=tsx, children
 * run through tsx.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** The children the campaign starts, each an entry file of torture/. */
const ENTRIES = {
  worker: "./worker.ts",
  "mcp-server": "./mcp-counting-server.ts",
  "attach-worker": "./attach-worker.ts",
  /** The test host (the real service behind the window's WebSocket protocol), for the acknowledgements scenario. */
  "test-host": "../test/support/test-host-cli.ts",
} as const;
export type ChildEntry = keyof typeof ENTRIES;

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

const bundled = new Map<ChildEntry, string[] | null>();

function bundle(entry: ChildEntry): string[] | null {
  if (process.env.TORTURE_CHILD === "tsx") return null;
  try {
    const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
    const folder = fileURLToPath(new URL("../node_modules/.cache/alpine-torture/", import.meta.url));
    mkdirSync(folder, { recursive: true });
    removeBundlesOfGoneProcesses(folder);
    const outfile = `${folder}${entry}-${process.pid}.mjs`;
    esbuild.buildSync({
      entryPoints: [fileURLToPath(new URL(ENTRIES[entry], import.meta.url))],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: ["better-sqlite3", "pg-native", "electron"],
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

/** A campaign that was killed leaves its bundles behind: remove those whose process is gone. */
function removeBundlesOfGoneProcesses(folder: string): void {
  for (const name of readdirSync(folder)) {
    const pid = Number(/^[a-z-]+-(\d+)\.mjs$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(`${folder}${name}`, { force: true });
    }
  }
}

/** The node arguments that start a child (its own arguments go after them). */
export function childArgs(entry: ChildEntry): string[] {
  if (!bundled.has(entry)) bundled.set(entry, bundle(entry));
  return bundled.get(entry) ?? ["--import", "tsx", fileURLToPath(new URL(ENTRIES[entry], import.meta.url))];
}

/** The node arguments that start the conversation worker (the job JSON goes after them). */
export const workerArgs = (): string[] => childArgs("worker");
