/**
 * A server that cannot start says, on its card, what happened and what to do: a command
 * that is not installed, a path with no program, a working folder that does not exist, a
 * program that exits as it starts (with its last stderr lines), one that never answers the
 * MCP handshake, an HTTP address where nothing answers.
 */
import net from "node:net";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { useCleanups, useServiceFixture } from "./helpers";
import { MCP_TEST_TIMEOUT_MS, waitForServer } from "./mcp-helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS });

const fixtures = useServiceFixture();
const cleanups = useCleanups();
const failed = (s: { status: string }) => s.status === "failed";

it("each start failure is a sentence that says what to do", async () => {
  const work = cleanups.tempDir();
  const fixture = await fixtures.open({ service: { mcpConnection: { backoffMs: 600_000, startTimeoutMs: 5_000, maxAttempts: 1 } } });
  const add = (name: string, rest: Record<string, unknown>) => fixture.call("tools:addServer", { name, transport: "stdio", ...rest });

  await add("absent", { command: "no-such-mcp-command-xyz" });
  await add("absent-npx", { command: "npx", cwd: path.join(work, "gone") });
  await add("nowhere", { command: path.join(work, "no-such-program") });
  await add("crashing", { command: process.execPath, args: ["-e", "console.error('Error: Cannot find module \\'@acme/mcp\\''); process.exit(3)"] });
  await add("silent", { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] });
  const closed = await closedPort();
  await fixture.call("tools:addServer", { name: "offline", transport: "http", url: `http://127.0.0.1:${closed}/mcp` });

  expect((await waitForServer(fixture, "absent", failed)).error).toMatch(
    /^It could not start: the command "no-such-mcp-command-xyz" was not found\. Install it, or give its full path in the server's settings, then restart the server\./,
  );
  expect((await waitForServer(fixture, "absent-npx", failed)).error).toMatch(/^It could not start: its working folder ".*gone" does not exist\. Choose an existing folder/);
  expect((await waitForServer(fixture, "nowhere", failed)).error).toMatch(/^It could not start: the command ".*no-such-program" was not found\. No program exists at that path: check it in the server's settings\./);
  const crashing = (await waitForServer(fixture, "crashing", failed)).error!;
  expect(crashing).toMatch(/^It could not start: the server exited with code 3 as it started\. Its last lines of stderr usually say why/);
  expect(crashing).toMatch(/Last lines of its stderr:\n[^]*Cannot find module '@acme\/mcp'/);
  expect((await waitForServer(fixture, "silent", failed)).error).toMatch(/^It could not start: it never answered the MCP handshake \(initialize\) within 5 s\. Check that the command starts an MCP server speaking over stdio/);
  expect((await waitForServer(fixture, "offline", failed)).error).toMatch(new RegExp(`^It could not start: nothing answers at http://127\\.0\\.0\\.1:${closed}/mcp\\. Check the address, and that the server is running\\.`));
});

/** A port on 127.0.0.1 that nothing listens on (it was listened on, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
