/**
 * A tool's name as the window showed it is known after a relaunch before its MCP server is
 * up (or while it is off): the MCP view carries every tool the model was offered, by the
 * model's name for it, with its server, its own name and its title, kept in the data folder.
 */
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import type { McpSettingsView } from "../../src/shared/mcp-types";
import { mcpOrigin } from "../../src/renderer/src/store/mcp-origin";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { FAST_RESTARTS, MCP_TEST_TIMEOUT_MS, ready, testServerInput, waitForServer } from "./mcp-helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

const fixtures: ServiceFixture[] = [];
let work = "";
afterEach(async () => {
  for (const f of fixtures.splice(0).reverse()) await f.close();
  if (work) removeDir(work);
});

it("names an offered tool after a relaunch while its server is not up: its server, its own name, its title", async () => {
  work = makeTempDir();
  const first = await openService({ service: FAST_RESTARTS });
  fixtures.push(first);
  await first.call("tools:addServer", testServerInput("counter", path.join(work, "counts.txt")));
  const server = await waitForServer(first, "counter", ready, "ready");
  const echo = server.tools.find((tool) => tool.name === "echo")!;
  expect(echo).toMatchObject({ title: "Echo", modelName: expect.any(String) });
  // Turned off: after the relaunch the server does not run, and lists no tools.
  await first.call("tools:setServer", { name: "counter", enabled: false });
  await first.service.shutdown();

  const again = first.reopen();
  fixtures.push(again);
  const view = await again.call<McpSettingsView>("tools:get", {});
  expect(view.servers.find((s) => s.name === "counter")).toMatchObject({ status: "stopped", tools: [] });
  expect(view.knownTools?.[echo.modelName!]).toEqual({ server: "counter", tool: "echo", title: "Echo" });
  // The window's card names it so, as before the relaunch.
  expect(mcpOrigin(view, echo.modelName!)).toEqual({ server: "counter", tool: "echo", title: "Echo" });
});
