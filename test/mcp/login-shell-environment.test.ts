/**
 * The login shell's environment (macOS and Linux), with stand-in login shells given as the
 * shell: one whose profile puts a folder first on PATH, one that never finishes (given up
 * after the time limit, its process group ended), one that does not exist; none on Windows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { isProcessAlive } from "../../src/main/agent";
import { readLoginShellEnvironment } from "../../src/main/mcp";
import { parseEnvOutput } from "../../src/main/mcp/login-shell-environment";

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-shell-"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A stand-in login shell: runs `body`, then the command it was given (`<shell> -ilc <command>`). */
function fakeShell(body: string): string {
  const file = path.join(folder, "login-shell");
  fs.writeFileSync(file, `#!/bin/sh\n[ "$1" = "-ilc" ] || exit 64\n${body}\nexec /bin/sh -c "$2"\n`, { mode: 0o755 });
  return file;
}

it("reads the environment the profile builds: its PATH first", async () => {
  const shell = fakeShell(`PATH="/opt/homebrew/bin:$HOME/.local/bin:$PATH"; export PATH\nMULTI="one\ntwo"; export MULTI\necho "profile chatter"`);
  const env = await readLoginShellEnvironment({ shell, platform: "darwin" });
  expect(env?.PATH?.split(":").slice(0, 2)).toEqual(["/opt/homebrew/bin", `${os.homedir()}/.local/bin`]);
  expect(env?.MULTI).toBe("one\ntwo");
  expect(env?.HOME).toBe(os.homedir());
});

it("a shell that never finishes is given up after the time limit, and ended with what it started", async () => {
  const pidFile = path.join(folder, "sleeper.pid");
  const shell = fakeShell(`sleep 60 &\necho $! > "${pidFile}"\nwait`);
  const started = Date.now();
  expect(await readLoginShellEnvironment({ shell, platform: "linux", timeoutMs: 500 })).toBeNull();
  expect(Date.now() - started).toBeLessThan(10_000);
  const sleeper = Number(fs.readFileSync(pidFile, "utf8"));
  await expect.poll(() => isProcessAlive(sleeper), { timeout: 5_000 }).toBe(false);
});

it("no shell, or Windows: null, and servers keep the app's own environment", async () => {
  expect(await readLoginShellEnvironment({ shell: path.join(folder, "no-such-shell"), platform: "linux" })).toBeNull();
  expect(await readLoginShellEnvironment({ shell: fakeShell("exit 3"), platform: "linux" })).toBeNull();
  expect(await readLoginShellEnvironment({ shell: "/bin/sh", platform: "win32" })).toBeNull();
});

it("parses env's output between the marks; continuation lines belong to the value before", () => {
  const mark = "_ALPINE_LOGIN_ENVIRONMENT_";
  expect(parseEnvOutput(`noise\n${mark}\nA=1\nB=x=y\nC=first\nsecond\n${mark}\n`)).toEqual({ A: "1", B: "x=y", C: "first\nsecond" });
  expect(parseEnvOutput("A=1\n")).toBeNull();
});
