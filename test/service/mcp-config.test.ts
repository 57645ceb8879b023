/**
 * MCP configuration: a Claude Desktop file imported gives every server in it (started for
 * real); malformed configuration is refused with an error naming what and where, and
 * nothing is saved; env values and headers are kept by the secret keeper, never in the
 * settings file and never sent to the window unmasked; settings survive a restart.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { SECRET_MASK } from "../../src/shared/mcp-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { EVERYTHING_SERVER, FAST_RESTARTS, FILESYSTEM_SERVER, ready, waitForServer, MCP_TEST_TIMEOUT_MS } from "./mcp-helpers";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

let fixture: ServiceFixture;
let work: string;
let keeper: MemorySecretKeeper;
beforeEach(async () => {
  work = makeTempDir();
  keeper = new MemorySecretKeeper();
  fixture = await openService({ service: { ...FAST_RESTARTS, mcpSecrets: keeper } });
});
afterEach(async () => {
  await fixture.close();
  removeDir(work);
});

const claudeDesktopFile = () =>
  JSON.stringify({
    globalShortcut: "Ctrl+Space",
    mcpServers: {
      everything: { command: process.execPath, args: [EVERYTHING_SERVER, "stdio"], env: { API_TOKEN: "tok-secret-123" } },
      files: { command: process.execPath, args: [FILESYSTEM_SERVER, work] },
    },
  });

it("imports a Claude Desktop file: every server starts, secrets stay out of the file and out of views", async () => {
  const file = path.join(work, "claude_desktop_config.json");
  fs.writeFileSync(file, claudeDesktopFile());
  const text = fs.readFileSync(file, "utf8");
  const view = await fixture.call("tools:importConfig", { text, confirmation: (await fixture.call("tools:reviewConfig", { text })).confirmation });
  expect(view.servers.map((s: { name: string }) => s.name)).toEqual(["everything", "files"]);
  expect(view.servers[0].env).toEqual({ API_TOKEN: SECRET_MASK });
  const everything = await waitForServer(fixture, "everything", ready, "ready");
  const files = await waitForServer(fixture, "files", ready, "ready");
  expect(everything.tools.length).toBeGreaterThan(5);
  expect(files.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["read_text_file", "write_file", "list_directory"]));
  expect(files.tools.find((t) => t.name === "write_file")).toMatchObject({ destructive: true });

  // The env value reached the server (get-env shows its environment) ...
  await fixture.call("tools:setServer", { name: "everything", approval: "allow" });
  fixture.model.script({ toolUses: [{ id: "toolu_env", name: "everything__get-env", input: {} }] }, { text: "Done." });
  const { id } = await fixture.call("runs:start", { text: "Show the env" });
  await fixture.log.step(id, "run_end");
  const entries = (await fixture.call("conversations:get", { id })).entries;
  expect(entries.find((e: { callId?: string }) => e.callId === "toolu_env").text).toContain("tok-secret-123");
  // ... but is in no settings file and no event the window got.
  const settingsText = fs.readdirSync(fixture.dataFolder).filter((f) => f.endsWith(".json")).map((f) => fs.readFileSync(path.join(fixture.dataFolder, f), "utf8")).join("\n");
  expect(settingsText).toContain("API_TOKEN");
  expect(settingsText).not.toContain("tok-secret-123");
  expect(JSON.stringify(fixture.log.events.filter((e) => e.type === "mcp_changed"))).not.toContain("tok-secret-123");
  expect(keeper.get()).toContain("tok-secret-123");

  // After a restart the servers and the secret are back.
  await fixture.service.shutdown();
  const again = fixture.reopen();
  try {
    expect(again.service.mcp.view().servers.map((s) => [s.name, s.env])).toEqual([["everything", { API_TOKEN: SECRET_MASK }], ["files", {}]]);
    await again.call("tools:editServer", { name: "everything", transport: "stdio", command: process.execPath, args: [EVERYTHING_SERVER, "stdio"], env: { API_TOKEN: SECRET_MASK, MORE: "x" } });
    expect(keeper.get()).toContain("tok-secret-123");
  } finally {
    await again.service.shutdown();
  }
});

it("refuses malformed configuration with what is wrong and where, saving nothing", async () => {
  const refused = async (text: string) => {
    const result = await fixture.request("tools:reviewConfig", { text });
    expect(result.ok).toBe(false);
    return (result as { error: { name: string; message: string } }).error;
  };
  expect(await refused("{ \"mcpServers\": { ")).toMatchObject({ name: "McpConfigError", message: expect.stringMatching(/^the pasted configuration: is not valid JSON/) });
  expect((await refused(JSON.stringify({ mcpServers: { ok: { command: "npx" }, web: { type: "carrier-pigeon", url: "x" } } }))).message).toMatch(
    /^mcpServers\.web\.type: unknown transport "carrier-pigeon"/,
  );
  expect((await refused(JSON.stringify({ mcpServers: { ok: { command: "npx" }, broken: { args: ["x"] } } }))).message).toMatch(/^mcpServers\.broken\.command: missing/);
  expect((await refused(JSON.stringify({ mcpServers: { bad: { command: "npx", env: { KEY: 5 } } } }))).message).toMatch(/^mcpServers\.bad\.env\.KEY: must be a string/);
  expect((await refused(JSON.stringify({ mcpServers: { web: { url: "ftp://x" } } }))).message).toMatch(/^mcpServers\.web\.url: must start with http/);
  expect((await refused("[]")).message).toMatch(/must be a JSON object/);
  // Nothing of the good entries was saved.
  expect(fixture.service.mcp.view().servers).toEqual([]);
  expect(fs.existsSync(path.join(fixture.dataFolder, "mcp.json"))).toBe(false);

  // A duplicate name refuses the whole import.
  await fixture.call("tools:addServer", { name: "ok", transport: "http", url: "http://127.0.0.1:9/mcp" });
  expect((await refused(JSON.stringify({ mcpServers: { fresh: { command: "npx" }, ok: { command: "npx" } } }))).message).toMatch(/"ok" exists already.*Nothing was imported/);
  expect(fixture.service.mcp.view().servers.map((s) => s.name)).toEqual(["ok"]);
  const add = await fixture.request("tools:addServer", { name: "x", transport: "stdio" });
  expect(add).toMatchObject({ ok: false, error: { name: "McpConfigError", message: expect.stringMatching(/^x\.command: missing/) } });
});

it("a bare mcpServers object works too; HTTP headers are masked; a newer mcp.json is read but not rewritten", async () => {
  const text = JSON.stringify({ remote: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer s3cret" } } });
  const view = await fixture.call("tools:importConfig", { text, confirmation: (await fixture.call("tools:reviewConfig", { text })).confirmation });
  expect(view.servers[0]).toMatchObject({ name: "remote", transport: "http", headers: { Authorization: SECRET_MASK } });
  expect(JSON.stringify(view)).not.toContain("s3cret");
  await fixture.service.shutdown();
  const file = path.join(fixture.dataFolder, "mcp.json");
  const newer = { ...JSON.parse(fs.readFileSync(file, "utf8")), version: 99 };
  fs.writeFileSync(file, JSON.stringify(newer));
  const again = fixture.reopen();
  try {
    expect(again.service.mcp.view().problem).toMatch(/newer version of Alpine/);
    const result = await again.request("tools:removeServer", { name: "remote" });
    expect(result).toMatchObject({ ok: false, error: { name: "NewerFileVersionError" } });
    expect(JSON.parse(fs.readFileSync(file, "utf8")).version).toBe(99);
  } finally {
    await again.service.shutdown();
  }
});
