/**
 * Fuses and code agree: electron-builder.yml's electronFuses turn features off in the
 * packaged binary, and no code of the app (main process, preload) relies on one of them:
 * not ELECTRON_RUN_AS_NODE while runAsNode is false (stdio MCP servers' guards run on
 * utility processes), not NODE_OPTIONS, not --inspect, not file:// pages.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builderConfig, fromRoot } from "./project-files";
import { FUSE_RULES, relianceOnOffFuses, withoutComments } from "./fuse-agreement";

/** The app's own code that runs in the packaged binary. */
const APP_CODE = ["src/main", "src/preload"];

function sourceFiles(folder: string): string[] {
  return readdirSync(fromRoot(folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name))
    .map((entry) => path.relative(fromRoot(), path.join(entry.parentPath, entry.name)));
}

describe("fuses and code agree", () => {
  const fuses: Record<string, boolean> = builderConfig().electronFuses;

  it("the fuses the rules read are set in electron-builder.yml", () => {
    for (const rule of FUSE_RULES) expect(typeof fuses[rule.fuse], rule.fuse).toBe("boolean");
    expect(fuses.runAsNode).toBe(false);
  });

  it("no code of the app relies on what a fuse turns off", () => {
    const found = APP_CODE.flatMap(sourceFiles).flatMap((file) =>
      relianceOnOffFuses(readFileSync(fromRoot(file), "utf8"), fuses).map((rule) => `${file} uses ${rule.what}, which ${rule.fuse}: ${rule.off} turns off`),
    );
    expect(found).toEqual([]);
  });

  it("the Electron layer starts MCP guards on utility processes, never as process.execPath", () => {
    const code = (file: string) => withoutComments(readFileSync(fromRoot(file), "utf8"));
    expect(code("src/main/electron/app-service.ts")).toMatch(/mcpLaunch:\s*appServerLaunch\(/);
    expect(code("src/main/electron/utility-guard-launcher.ts")).toMatch(/fork\(guardModule/);
    for (const file of sourceFiles("src/main/electron")) {
      expect(code(file), file).not.toMatch(/node:child_process|process\.execPath/);
    }
  });

  it("the check finds reliance in code, not in comments", () => {
    const off = { runAsNode: false, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false, grantFileProtocolExtraPrivileges: false };
    expect(relianceOnOffFuses(`spawn(process.execPath, [], { env: { ELECTRON_RUN_AS_NODE: "1" } });`, off).map((r) => r.fuse)).toEqual(["runAsNode"]);
    expect(relianceOnOffFuses(`// not ELECTRON_RUN_AS_NODE: the fuse is off\n/* nor NODE_OPTIONS */ const x = 1;`, off)).toEqual([]);
    expect(relianceOnOffFuses(`env.NODE_OPTIONS = "--max-old-space-size=4096";`, off).map((r) => r.fuse)).toEqual(["enableNodeOptionsEnvironmentVariable"]);
    expect(relianceOnOffFuses(`spawn(cmd, [], { env: { ...env, NODE_OPTIONS: "--require x" } });`, off).map((r) => r.fuse)).toEqual(["enableNodeOptionsEnvironmentVariable"]);
    expect(relianceOnOffFuses(`const v = process.env["NODE_EXTRA_CA_CERTS"];`, off).map((r) => r.fuse)).toEqual(["enableNodeOptionsEnvironmentVariable"]);
    // Naming it to warn of it in another program's configuration is not relying on it.
    expect(relianceOnOffFuses(`const dangers = [[/^NODE_OPTIONS$/i, "makes Node.js load other code"]];`, off)).toEqual([]);
    expect(relianceOnOffFuses(`window.loadFile(path.join(dir, "index.html"));`, off).map((r) => r.fuse)).toEqual(["grantFileProtocolExtraPrivileges"]);
    expect(relianceOnOffFuses(`window.loadURL("file:///index.html");`, off).map((r) => r.fuse)).toEqual(["grantFileProtocolExtraPrivileges"]);
    expect(relianceOnOffFuses(`env.ELECTRON_RUN_AS_NODE = "1";`, { ...off, runAsNode: true })).toEqual([]);
  });
});
