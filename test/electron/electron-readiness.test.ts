/**
 * The real-app test's preconditions, checked with stand-ins for the Electron binary (shell
 * scripts), so the reasons it gives for skipping are right and actionable here too.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { binaryInDist, checkElectronReadiness } from "./electron-readiness";

const onWindows = process.platform === "win32";
if (onWindows) console.warn("Skipped: the readiness checks use POSIX shell scripts as stand-ins for Electron.");

describe.skipIf(onWindows)("the real-app test's readiness check", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** An Electron distribution folder whose `electron` runs the given shell commands. */
  const standIn = (script: string | null): string => {
    const dist = mkdtempSync(path.join(os.tmpdir(), "alpine-"));
    folders.push(dist);
    if (script !== null) {
      const binary = path.join(dist, binaryInDist() ?? "electron");
      mkdirSync(path.dirname(binary), { recursive: true });
      writeFileSync(binary, `#!/bin/sh\n${script}\n`);
      chmodSync(binary, 0o755);
    }
    return dist;
  };
  const env = (dist: string): NodeJS.ProcessEnv => ({ ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dist, DISPLAY: process.env.DISPLAY ?? ":99" });

  it("reports the binary absent, saying how to download it", () => {
    const readiness = checkElectronReadiness(env(standIn(null)));
    expect(readiness.ok).toBe(false);
    if (!readiness.ok) expect(readiness.reason).toMatch(/Electron \d+\.\d+\.\d+ binary is absent.*node node_modules\/electron\/install\.js/);
  });

  it.skipIf(process.platform !== "linux")("on Linux, reports a missing display, saying to use Xvfb", () => {
    const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...rest } = env(standIn(`exec "${process.execPath}" "$@"`));
    const readiness = checkElectronReadiness(rest);
    expect(readiness.ok).toBe(false);
    if (!readiness.ok) expect(readiness.reason).toMatch(/no display.*xvfb-run/);
  });

  it("reports a better-sqlite3 that Electron cannot load, with the command that reinstalls it", () => {
    const failing = standIn(`echo "was compiled against a different Node.js version using NODE_MODULE_VERSION 115" >&2; exit 1`);
    const readiness = checkElectronReadiness(env(failing));
    expect(readiness.ok).toBe(false);
    if (!readiness.ok) {
      expect(readiness.reason).toMatch(/run `npm ci` again/);
      expect(readiness.reason).toMatch(/NODE_MODULE_VERSION 115/);
    }
  });

  it("is ready when the binary opens a database with the installed better-sqlite3", () => {
    // Node itself stands in for Electron here: the module in node_modules is built for it.
    const dist = standIn(`exec "${process.execPath}" "$@"`);
    const readiness = checkElectronReadiness(env(dist));
    expect(readiness).toMatchObject({ ok: true, sqliteBinding: null });
    if (readiness.ok) expect(readiness.binary.startsWith(dist)).toBe(true);
  });
});
