/**
 * Browsing an MCP registry: a local registry (127.0.0.1) set as the registry URL; search
 * with pages, a server's page with the add-server form each way to run it fills, Add only
 * once the person confirms the form; an unreachable registry is a calm message.
 */
import net from "node:net";
import { expect, it } from "vitest";
import type { McpSettingsView } from "../../src/shared/mcp-types";
import type { RegistrySearchView, RegistryServerPage } from "../../src/shared/mcp-registry-types";
import { startRegistryTestServer } from "../support/mcp/registry-test-server";
import { useCleanups, useServiceFixture } from "./helpers";

const fixtures = useServiceFixture();
const cleanups = useCleanups();

it("searches the registry at the registry URL, shows a server's page and fills the form; nothing is added or started until the person confirms", async () => {
  const registry = await startRegistryTestServer();
  cleanups.add(() => registry.close());
  // The confirmed server would run `npx @acme/weather-mcp`: here no server process may start at all.
  const launched: string[] = [];
  const noProcesses = {
    guards: {
      launch(): never {
        launched.push("guard");
        throw new Error("no server starts in this test");
      },
    },
    environment: async () => null,
  };
  const fixture = await fixtures.open({ service: { mcpLaunch: noProcesses, mcpConnection: { maxAttempts: 0 } } });
  expect((await fixture.call<McpSettingsView>("tools:get")).registryUrl).toBe("https://registry.modelcontextprotocol.io");
  await expect(fixture.call("tools:setRegistryUrl", { url: "ftp://nope" })).rejects.toMatchObject({ name: "McpConfigError" });
  expect((await fixture.call<McpSettingsView>("tools:setRegistryUrl", { url: registry.url })).registryUrl).toBe(registry.url);

  const first = await fixture.call<RegistrySearchView>("tools:registrySearch", { query: "weather" });
  expect(first.servers[0]).toEqual({ name: "io.github.acme/weather", title: "Acme Weather", description: "Forecasts from Acme's weather service.", version: "1.2.0", websiteUrl: "https://acme.example/weather", repositoryUrl: "https://github.com/acme/weather" });
  expect(first.servers.map((s) => s.name)).toHaveLength(4);
  expect(first.nextCursor).toBeUndefined();
  expect(registry.requests.at(-1)).toBe("/v0.1/servers?limit=30&version=latest&search=weather");

  const page = await fixture.call<RegistryServerPage>("tools:registryServer", { name: "io.github.acme/weather" });
  expect(page.options.map((o) => [o.kind, o.type, o.label])).toEqual([
    ["package", "npm", "@acme/weather-mcp@1.2.0"],
    ["package", "pypi", "acme-weather-mcp@1.2.0"],
    ["package", "oci", "ghcr.io/acme/weather@1.2.0"],
    ["package", "nuget", "Acme.Weather@1.2.0"],
    ["remote", "streamable-http", "https://mcp.acme.example/weather"],
  ]);
  const [npm, pypi, oci, nuget, remote] = page.options;
  expect(npm!.form).toEqual({ name: "Acme Weather", transport: "stdio", command: "npx", args: ["-y", "@acme/weather-mcp@1.2.0", "--units", "metric"], env: { ACME_API_KEY: "", ACME_REGION: "eu" } });
  expect(npm!.needs).toEqual([
    { name: "ACME_API_KEY", description: "Your Acme API key", required: true, secret: true },
    { name: "ACME_REGION", description: "Region", required: false, secret: false, default: "eu" },
  ]);
  expect(pypi!.form).toMatchObject({ command: "uvx", args: ["acme-weather-mcp==1.2.0"] });
  expect(oci!.form).toMatchObject({ command: "docker", args: ["run", "-i", "--rm", "-e", "ACME_API_KEY", "ghcr.io/acme/weather:1.2.0"] });
  expect(nuget!.form).toBeUndefined();
  expect(nuget!.unsupported).toMatch(/Alpine cannot start nuget packages/);
  expect(remote!.form).toEqual({ name: "Acme Weather", transport: "http", url: "https://mcp.acme.example/weather", headers: { Authorization: "" } });
  // Reading the registry added nothing and started nothing.
  expect((await fixture.call<McpSettingsView>("tools:get")).servers).toEqual([]);

  // The person fills the key and confirms the form: an ordinary server, added as the form said.
  const added = await fixture.call<McpSettingsView>("tools:addServer", { ...npm!.form!, env: { ...npm!.form!.env, ACME_API_KEY: "k-1" } });
  expect(added.servers.map((s) => [s.name, s.command, s.args])).toEqual([["Acme Weather", "npx", ["-y", "@acme/weather-mcp@1.2.0", "--units", "metric"]]]);
  expect(launched.length).toBeLessThanOrEqual(1); // the one start the confirmed server asked for, refused here
  await expect(fixture.call("tools:registryServer", { name: "io.github.acme/missing" })).rejects.toMatchObject({ name: "RegistryAnswerError" });
});

it("pages through results with the registry's cursor", async () => {
  const registry = await startRegistryTestServer();
  cleanups.add(() => registry.close());
  const fixture = await fixtures.open();
  await fixture.call("tools:setRegistryUrl", { url: `${registry.url}/` });
  const all = await fixture.call<RegistrySearchView>("tools:registrySearch", { query: "" });
  expect(all.servers).toHaveLength(5);
  const limited = await fixture.service.mcp.registry.search("acme", "3");
  expect(limited.servers.map((s) => s.name)).toEqual(["io.github.acme/weather-extra-2"]);
  expect(registry.requests.at(-1)).toBe("/v0.1/servers?limit=30&version=latest&search=acme&cursor=3");
});

it("an unreachable registry is a calm message, and nothing else breaks", async () => {
  const fixture = await fixtures.open();
  const port = await closedPort();
  await fixture.call("tools:setRegistryUrl", { url: `http://127.0.0.1:${port}` });
  const error = await fixture.call("tools:registrySearch", { query: "weather" }).catch((e: Error) => e);
  expect(error).toMatchObject({ name: "RegistryUnavailableError" });
  expect((error as Error).message).toBe(`The MCP registry at http://127.0.0.1:${port} cannot be reached right now (ECONNREFUSED). Check the connection, or the registry address in Settings → Tools; your servers are not affected.`);
  expect((await fixture.call<McpSettingsView>("tools:get")).servers).toEqual([]);
  expect((await fixture.call<McpSettingsView>("tools:setRegistryUrl", { url: null })).registryUrl).toBe("https://registry.modelcontextprotocol.io");
});

async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
