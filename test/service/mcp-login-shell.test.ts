/**
 * A server given by name (`npx`, `uvx`, ...) is found on the PATH of the person's login
 * shell, not only the app's: an app opened from the Dock, Finder or a desktop menu has a
 * minimal PATH. The service is given the login shell's environment as the app gives it; the
 * server's command exists only in a folder the stand-in shell's profile adds to PATH.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { nodeGuardLauncher, readLoginShellEnvironment } from "../../src/main/mcp";
import { TSX_LOADER } from "../agent/helpers";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { FAST_RESTARTS, MCP_TEST_TIMEOUT_MS, STDIO_TEST_SERVER, ready, waitForServer } from "./mcp-helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

let work: string;
let fixture: ServiceFixture;
beforeEach(async () => {
  work = makeTempDir();
  const bin = path.join(work, "profile-bin");
  fs.mkdirSync(bin);
  // A server command found only on the login shell's PATH (like npx under ~/.nvm, uvx under ~/.local/bin).
  fs.writeFileSync(path.join(bin, "alpine-test-mcp-server"), `#!/bin/sh\nexec "${process.execPath}" --import "${TSX_LOADER}" "${STDIO_TEST_SERVER}" "$@"\n`, { mode: 0o755 });
  const shell = path.join(work, "login-shell");
  fs.writeFileSync(shell, `#!/bin/sh\nPATH="${bin}:$PATH"; export PATH\nexec /bin/sh -c "$2"\n`, { mode: 0o755 });
  const environment = readLoginShellEnvironment({ shell, platform: "linux" });
  fixture = await openService({ service: { ...FAST_RESTARTS, mcpLaunch: { guards: nodeGuardLauncher(), environment: () => environment } } });
});
afterEach(async () => {
  await fixture.close();
  removeDir(work);
});

it("a server's command on the login shell's PATH starts, and answers", async () => {
  expect(process.env.PATH?.split(path.delimiter)).not.toContain(path.join(work, "profile-bin"));
  await fixture.call("tools:addServer", { name: "profiled", transport: "stdio", command: "alpine-test-mcp-server", args: [path.join(work, "counts.txt")] });
  const server = await waitForServer(fixture, "profiled", (s) => ready(s) || s.status === "failed", "ready or failed");
  expect(server).toMatchObject({ status: "ready", error: null });
  const result = await fixture.service.mcp.servers.call("profiled", "echo", { text: "found" }, new AbortController().signal);
  expect(result.content).toEqual([{ type: "text", text: "echo: found" }]);
});
