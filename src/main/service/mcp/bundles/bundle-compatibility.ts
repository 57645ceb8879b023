/**
 * Whether a bundle runs here, checked before it is installed (and again before an update):
 * the systems it lists (`compatibility.platforms`), the Alpine versions it asks for, and the
 * runtime its server needs. A node server runs on the app's own runtime, so its range is
 * checked against the Node inside Alpine; a Python server needs a Python on PATH.
 * `compatibility.claude_desktop` names Claude Desktop's versions and says nothing of Alpine's:
 * a bundle may name Alpine's in `_meta.alpine.app_version`.
 */
import { BundleIncompatibleError } from "./bundle-errors";
import type { BundleManifest } from "./bundle-manifest";
import { findPython, findUv } from "./python-runtime";
import { satisfies } from "./version-range";

const SYSTEMS: Record<string, string> = { darwin: "macOS", win32: "Windows", linux: "Linux" };

export interface CompatibilityContext {
  platform: NodeJS.Platform;
  appVersion: string;
  /** The Node version node servers run on (the app's own). */
  nodeVersion: string;
  /** The environment whose PATH a Python is looked for in. */
  environment(): Promise<Record<string, string>>;
}

export async function checkCompatibility(manifest: BundleManifest, context: CompatibilityContext): Promise<void> {
  const compatibility = manifest.compatibility ?? {};
  const platforms = compatibility.platforms;
  if (platforms && !platforms.includes(context.platform as (typeof platforms)[number])) {
    throw new BundleIncompatibleError("platform", `This bundle runs on ${platforms.map((p) => SYSTEMS[p] ?? p).join(" and ")} only; this computer runs ${SYSTEMS[context.platform] ?? context.platform}. Ask its author for a version for ${SYSTEMS[context.platform] ?? context.platform}.`);
  }
  const appRange = alpineRange(manifest);
  if (appRange && !satisfies(context.appVersion, appRange)) {
    throw new BundleIncompatibleError("app", `This bundle needs Alpine ${describeRange(appRange)}; this is Alpine ${context.appVersion}. Update Alpine (Settings → Updates), then open the bundle again.`);
  }
  const runtimes = compatibility.runtimes ?? {};
  if (manifest.server.type === "node" && runtimes.node && !satisfies(context.nodeVersion, runtimes.node)) {
    throw new BundleIncompatibleError("node", `This bundle needs Node.js ${describeRange(runtimes.node)}; Alpine runs node servers on its own Node.js ${context.nodeVersion}. Ask its author for a version that runs on Node.js ${context.nodeVersion}.`);
  }
  if (manifest.server.type === "python") {
    const wanted = runtimes.python ?? ">=3";
    const found = await findPython(await context.environment(), pythonCommand(manifest));
    if (!found.some((p) => satisfies(p.version, wanted))) {
      const seen = found.length ? ` (found ${found.map((p) => `Python ${p.version} as ${p.command}`).join(", ")})` : "; none was found on PATH";
      throw new BundleIncompatibleError("python", `This bundle needs Python ${describeRange(wanted)}${seen}. Install it from python.org (or with your package manager), then open the bundle again.`);
    }
  }
  if (manifest.server.type === "uv" && !(await findUv(await context.environment()))) {
    throw new BundleIncompatibleError("uv", "This bundle needs uv (the Python package manager from astral.sh); none was found on PATH. Install uv, then open the bundle again.");
  }
}

/** ">=3.10" reads "3.10 or later". */
export function describeRange(range: string): string {
  const atLeast = /^\s*>=\s*v?([\d.]+)\s*$/.exec(range);
  return atLeast ? `${atLeast[1]} or later` : range.trim();
}

function alpineRange(manifest: BundleManifest): string | null {
  const meta = (manifest as { _meta?: Record<string, Record<string, unknown>> })._meta?.alpine;
  return typeof meta?.app_version === "string" ? meta.app_version : null;
}

/** The command the manifest runs its server with, when it names a Python. */
function pythonCommand(manifest: BundleManifest): string | null {
  const command = manifest.server.mcp_config.command;
  return /^python(3(\.\d+)?)?(\.exe)?$/i.test(command) ? command : null;
}
