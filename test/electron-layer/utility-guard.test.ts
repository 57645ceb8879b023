/**
 * Stdio MCP servers in the app run under guards on utility processes (the runAsNode fuse is
 * off): through the utilityProcess stand-in (fork-like, stdin not pipeable, parentPort
 * messages), a server starts and answers a call, from the MCP room alone and from the app's
 * service as app-service.ts opens it; the guard is the bundle beside main's, forked with no
 * ELECTRON_RUN_AS_NODE and never as process.execPath; the login shell is read once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { McpServers, parseServerConfig } from "../../src/main/mcp";
import { appServerLaunch, guardBundlePath, utilityGuardLauncher } from "../../src/main/electron/utility-guard-launcher";
import { REPO_ROOT } from "../agent/helpers";
import { MCP_TEST_TIMEOUT_MS, testServerInput } from "../service/mcp-helpers";
import { app, resetFakeElectron } from "./fake-electron";
import { forkedUtilityProcesses, StdinNotSupportedError, utilityProcess } from "./fake-utility-process";

vi.mock("electron", () => import("./fake-electron"));
vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

const GUARD_SOURCE = path.join(REPO_ROOT, "src/main/mcp/guard/mcp-guard.ts");

let folder: string;
beforeEach(() => {
  resetFakeElectron();
  forkedUtilityProcesses.length = 0;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-guard-"));
});
afterEach(async () => {
  await fs.promises.rm(folder, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
});

const counterConfig = () => {
  const input = testServerInput("counter", path.join(folder, "counts.txt"));
  return parseServerConfig(input.name, { command: input.command, args: input.args }, input.name);
};

describe("the utilityProcess stand-in keeps the documented shape", () => {
  it("refuses a piped stdin, and its child has process.parentPort but no process.send", async () => {
    expect(() => utilityProcess.fork(GUARD_SOURCE, [], { stdio: ["pipe", "pipe", "pipe"] })).toThrow(StdinNotSupportedError);
    const probe = path.join(folder, "probe.mjs");
    fs.writeFileSync(probe, `process.parentPort.on("message", (e) => process.parentPort.postMessage({ echo: e.data, send: typeof process.send }));\n`);
    const child = utilityProcess.fork(probe, [], { stdio: "pipe" });
    const answer = new Promise((resolve) => child.once("message", resolve));
    child.postMessage({ hello: new Uint8Array([1, 2]) });
    expect(await answer).toEqual({ echo: { hello: new Uint8Array([1, 2]) }, send: "undefined" });
    const exited = new Promise<number>((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
    expect(child.pid).toBeUndefined();
  });
});

describe("utilityGuardLauncher", () => {
  it("starts a server under a guard in a utility process, relays a call, and stops it", async () => {
    const servers = new McpServers({
      onChange: () => undefined,
      approvals: { allowsWithoutAsking: () => true, allowAlways: () => undefined, sealGrant: () => "", grantHolds: () => false },
      callTimeoutMs: () => 60_000,
      connection: { startTimeoutMs: 60_000, launch: { guards: utilityGuardLauncher(utilityProcess.fork as never, GUARD_SOURCE), environment: async () => null } },
    });
    try {
      await servers.configure([{ config: counterConfig(), enabled: true, disabledTools: [] }]);
      await servers.whenSettled(60_000);
      const snapshot = servers.snapshot("counter")!;
      expect(snapshot).toMatchObject({ status: "ready", transport: "stdio" });
      expect(forkedUtilityProcesses).toHaveLength(1);
      const [guard] = forkedUtilityProcesses;
      expect(snapshot.pid).toBe(guard.pid);
      expect(guard.modulePath).toBe(GUARD_SOURCE);
      expect(guard.options.env?.ELECTRON_RUN_AS_NODE).toBeUndefined();
      const result = await servers.call("counter", "echo", { text: "through parentPort" }, new AbortController().signal);
      expect(result.content).toEqual([{ type: "text", text: "echo: through parentPort" }]);
    } finally {
      await servers.shutdown();
    }
    expect(forkedUtilityProcesses[0].pid).toBeUndefined(); // the guard ended with its server
  });

  it("a command that does not exist: the start fails with the reason, and the guard ends", async () => {
    const servers = new McpServers({
      onChange: () => undefined,
      approvals: { allowsWithoutAsking: () => true, allowAlways: () => undefined, sealGrant: () => "", grantHolds: () => false },
      callTimeoutMs: () => 60_000,
      connection: { startTimeoutMs: 60_000, maxAttempts: 0, launch: { guards: utilityGuardLauncher(utilityProcess.fork as never, GUARD_SOURCE), environment: async () => null } },
    });
    try {
      await servers.configure([{ config: parseServerConfig("missing", { command: "alpine-no-such-command" }, "missing"), enabled: true, disabledTools: [] }]);
      await servers.whenSettled(60_000);
      expect(servers.snapshot("missing")).toMatchObject({ status: "failed", error: expect.stringContaining('could not start "alpine-no-such-command"') });
      await expect.poll(() => forkedUtilityProcesses[0].pid, { timeout: 10_000 }).toBeUndefined();
    } finally {
      await servers.shutdown();
    }
  });
});

describe("appServerLaunch", () => {
  it("forks the guard bundle beside main's, and reads the login shell once", async () => {
    const runs = path.join(folder, "shell-runs.txt");
    const shell = path.join(folder, "login-shell");
    // A login shell whose profile adds a folder to PATH, and counts its runs.
    fs.writeFileSync(shell, `#!/bin/sh\necho run >> "${runs}"\nPATH="/opt/from-profile/bin:$PATH"; export PATH\nexec /bin/sh -c "$2"\n`, { mode: 0o755 });
    vi.stubEnv("SHELL", shell);
    try {
      const launch = appServerLaunch(utilityProcess.fork as never, "/Applications/Alpine.app/Contents/Resources/app.asar", "linux");
      const [first, second] = await Promise.all([launch.environment(), launch.environment()]);
      expect(first?.PATH?.split(":")[0]).toBe("/opt/from-profile/bin");
      expect(second).toBe(first);
      expect(fs.readFileSync(runs, "utf8").trim().split("\n")).toHaveLength(1);
      expect(guardBundlePath("/x/app.asar")).toBe(path.join("/x/app.asar", "out", "main", "mcp-guard.js"));
      expect(await appServerLaunch(utilityProcess.fork as never, folder, "win32").environment()).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("the app's service (app-service.ts)", () => {
  it("starts a stdio server on a utility process running out/main/mcp-guard.js, and it answers", async () => {
    // The app's folder, with the guard's bundle where electron-vite writes it (here: the guard's source, run as is).
    app.appPath = path.join(folder, "app");
    fs.mkdirSync(path.join(app.appPath, "out", "main"), { recursive: true });
    fs.writeFileSync(path.join(app.appPath, "package.json"), JSON.stringify({ type: "module" }));
    fs.writeFileSync(guardBundlePath(app.appPath), `import ${JSON.stringify(pathToFileURL(GUARD_SOURCE).href)};\n`);
    vi.stubEnv("SHELL", "/bin/sh");
    const { openAppService } = await import("../../src/main/electron/app-service");
    const { CurrentWords } = await import("../../src/main/service/words/current-words");
    const opened = await openAppService(path.join(folder, "data"), () => null, new CurrentWords());
    try {
      opened.service.mcp.addServer(testServerInput("counter", path.join(folder, "counts.txt")));
      opened.service.firstScreenShown();
      await opened.service.mcp.servers.whenSettled(60_000);
      expect(opened.service.mcp.servers.snapshot("counter")).toMatchObject({ status: "ready" });
      const result = await opened.service.mcp.servers.call("counter", "echo", { text: "in the app" }, new AbortController().signal);
      expect(result.content).toEqual([{ type: "text", text: "echo: in the app" }]);
      expect(forkedUtilityProcesses.map((p) => p.modulePath)).toEqual([guardBundlePath(app.appPath)]);
      expect(forkedUtilityProcesses[0].options.stdio?.[0]).toBe("ignore");
    } finally {
      await opened.service.shutdown();
      vi.unstubAllEnvs();
    }
  });
});
