/**
 * Install scripts: every dependency that runs one (esbuild, electron-winstaller; better-sqlite3
 * ships prebuilt modules and runs none)
 * is allowed by name in package.json's "allowScripts", so an npm that blocks unlisted scripts
 * still installs the app and `npm ci` warns of none. Checked with npm's own strict pre-flight
 * (`--strict-allow-scripts`, which refuses before anything runs) on a copy of package.json and
 * the lockfile, offline and without installing.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packageJson, readText } from "./project-files";

const work: string[] = [];
afterAll(() => {
  for (const folder of work) rmSync(folder, { recursive: true, force: true });
});

/** `npm ci --dry-run --strict-allow-scripts` on the lockfile with this package.json. */
function strictDryRun(pkg: object): { status: number | null; output: string } {
  const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-npm-"));
  work.push(folder);
  writeFileSync(path.join(folder, "package.json"), JSON.stringify(pkg, null, 2));
  writeFileSync(path.join(folder, "package-lock.json"), readText("package-lock.json"));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = spawnSync(npm, ["ci", "--dry-run", "--strict-allow-scripts", "--offline", "--no-audit", "--no-fund"], {
    cwd: folder,
    encoding: "utf8",
    shell: process.platform === "win32",
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

/** Packages the lockfile marks as running an install script. */
function packagesWithInstallScripts(): string[] {
  const lock = JSON.parse(readText("package-lock.json")) as { packages: Record<string, { hasInstallScript?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.replace(/^.*node_modules\//, ""))
    .sort();
}

const npmVersion = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["--version"], { encoding: "utf8", shell: process.platform === "win32" }).stdout?.trim() ?? "";
const npmKnowsAllowScripts = Number(npmVersion.split(".")[0]) > 11 || (Number(npmVersion.split(".")[0]) === 11 && Number(npmVersion.split(".")[1]) >= 19);

describe("install scripts", () => {
  const pkg = packageJson() as ReturnType<typeof packageJson> & { allowScripts: Record<string, boolean> };

  it("allows by name exactly the dependencies that run one", () => {
    expect(packagesWithInstallScripts()).toEqual(["electron-winstaller", "esbuild"]);
    expect(pkg.allowScripts).toEqual({ esbuild: true, "electron-winstaller": true });
  });

  it.runIf(npmKnowsAllowScripts)("npm ci's strict check passes and names no script it would block", () => {
    const { status, output } = strictDryRun(pkg);
    expect(output).not.toMatch(/install scripts not (yet )?covered|ESTRICTALLOWSCRIPTS/);
    expect(status, output).toBe(0);
  }, 120_000);

  it.runIf(npmKnowsAllowScripts)("the same check refuses a dependency left out of allowScripts (it can fail)", () => {
    const { esbuild: _left, ...rest } = pkg.allowScripts;
    const { status, output } = strictDryRun({ ...pkg, allowScripts: rest });
    expect(status).not.toBe(0);
    expect(output).toMatch(/ESTRICTALLOWSCRIPTS[\s\S]*esbuild@/);
  }, 120_000);
});
