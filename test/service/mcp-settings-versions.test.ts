/**
 * The MCP settings file across versions: a version 1 file (frozen fixture, before bundles
 * and the registry URL) is read as it is and written back as version 2 with nothing lost.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { MCP_SETTINGS_VERSION, McpSettingsFile } from "../../src/main/service/mcp/mcp-settings-file";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { REPO_ROOT } from "../agent/helpers";
import { useCleanups } from "./helpers";

const cleanups = useCleanups();

it("reads a version 1 file and writes it back as version 2, servers, secrets and choices kept", () => {
  const dataFolder = cleanups.tempDir();
  fs.copyFileSync(path.join(REPO_ROOT, "test/fixtures/mcp/mcp-v1.json"), path.join(dataFolder, "mcp.json"));
  const secrets = new MemorySecretKeeper(JSON.stringify({ files: { env: { TOKEN: "t-1" }, headers: {} } }));
  const file = new McpSettingsFile(dataFolder, secrets);
  expect(file.problem).toBeNull();
  expect(file.get()).toMatchObject({ callTimeoutMs: 90_000, registryUrl: null, servers: [{ config: { name: "files", command: "npx", env: { TOKEN: "t-1" } }, disabledTools: ["write_file"], alwaysAllowed: ["read_file"] }] });
  file.save(file.draft());
  const written = JSON.parse(fs.readFileSync(path.join(dataFolder, "mcp.json"), "utf8"));
  expect(MCP_SETTINGS_VERSION).toBe(2);
  expect(written).toMatchObject({ version: 2, callTimeoutMs: 90_000, registryUrl: null, servers: [{ name: "files", envKeys: ["TOKEN"], disabledTools: ["write_file"] }] });
  expect(new McpSettingsFile(dataFolder, secrets).get()).toEqual(file.get());
});
