/**
 * Can the real app run here? It needs three things the suite cannot provide by itself:
 * the Electron binary (downloaded from Electron's release site, not from the npm registry),
 * better-sqlite3 loading in Electron (its prebuilt Node-API module serves both), and a display.
 * Each missing one is reported as a reason a person can act on.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

export type Readiness =
  | { ok: true; binary: string; electronVersion: string; sqliteBinding: string | null }
  | { ok: false; reason: string };

const electronDir = () => path.dirname(require.resolve("electron/package.json"));
export const electronVersion = (): string => JSON.parse(readFileSync(path.join(electronDir(), "package.json"), "utf8")).version;

/** The binary's path inside Electron's dist folder, once the electron package has downloaded it (path.txt). */
export function binaryInDist(): string | null {
  const pathFile = path.join(electronDir(), "path.txt");
  return existsSync(pathFile) ? readFileSync(pathFile, "utf8").trim() : null;
}

/**
 * Where `require("electron")` would say the binary is, without calling it: the electron package
 * downloads a missing binary on that call, which cannot succeed on a machine without access to
 * Electron's release site. So the same lookup is made here (path.txt, ELECTRON_OVERRIDE_DIST_PATH).
 */
export function electronBinary(env: NodeJS.ProcessEnv = process.env): { path: string } | { reason: string } {
  const relative = binaryInDist();
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? path.join(override, relative ?? "electron") : relative ? path.join(electronDir(), "dist", relative) : null;
  if (binary && existsSync(binary)) return { path: binary };
  return {
    reason:
      `the Electron ${electronVersion()} binary is absent (the electron package downloads it from Electron's release site on ` +
      "first use, and it has not been downloaded here). Where that site is reachable, run `node node_modules/electron/install.js`.",
  };
}

/** Opens an in-memory database inside Electron (run as Node, so no window): proves the ABI matches. */
function probeSqlite(binary: string, env: NodeJS.ProcessEnv): { ok: true } | { ok: false; output: string } {
  const script = "const Database = require(process.env.ALPINE_PROBE_MODULE); new Database(':memory:').close();";
  const probe = spawnSync(binary, ["-e", script], {
    encoding: "utf8",
    timeout: 60_000,
    env: {
      ...env,
      ELECTRON_RUN_AS_NODE: "1",
      ALPINE_PROBE_MODULE: path.dirname(require.resolve("better-sqlite3/package.json")),
    },
  });
  if (probe.status === 0) return { ok: true };
  return { ok: false, output: `${probe.error?.message ?? ""}${probe.stdout ?? ""}${probe.stderr ?? ""}`.trim() };
}

export function checkElectronReadiness(env: NodeJS.ProcessEnv = process.env): Readiness {
  const found = electronBinary(env);
  if ("reason" in found) return { ok: false, reason: found.reason };
  if (process.platform === "linux" && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { ok: false, reason: "there is no display (DISPLAY is not set). Run the test under Xvfb: `xvfb-run npm run test:electron`." };
  }
  const version = electronVersion();
  const asInstalled = probeSqlite(found.path, env);
  if (asInstalled.ok) return { ok: true, binary: found.path, electronVersion: version, sqliteBinding: null };
  return {
    ok: false,
    reason:
      `better-sqlite3 does not load in Electron ${version}. Its prebuilt Node-API module serves Node and Electron alike, so ` +
      "node_modules is damaged or built by hand for one runtime: run `npm ci` again (and delete node_modules/better-sqlite3/build " +
      `if a local build is there). Electron said: ${asInstalled.output.split("\n").slice(0, 3).join(" ")}`,
  };
}
