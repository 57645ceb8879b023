/**
 * A local MCP registry for the tests (127.0.0.1): the registry API's v0.1 read endpoints
 * (`GET /v0.1/servers` with search, limit and cursor; `GET /v0.1/servers/{name}/versions/latest`)
 * over a few server.json entries, with the official registry's answer shapes. It records the
 * requests it was sent.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const REGISTRY_SERVERS = [
  {
    name: "io.github.acme/weather",
    title: "Acme Weather",
    description: "Forecasts from Acme's weather service.",
    version: "1.2.0",
    websiteUrl: "https://acme.example/weather",
    repository: { url: "https://github.com/acme/weather", source: "github" },
    packages: [
      {
        registryType: "npm",
        identifier: "@acme/weather-mcp",
        version: "1.2.0",
        transport: { type: "stdio" },
        packageArguments: [{ type: "named", name: "--units", value: "metric" }],
        environmentVariables: [
          { name: "ACME_API_KEY", description: "Your Acme API key", isRequired: true, isSecret: true },
          { name: "ACME_REGION", description: "Region", default: "eu" },
        ],
      },
      { registryType: "pypi", identifier: "acme-weather-mcp", version: "1.2.0", transport: { type: "stdio" } },
      { registryType: "oci", identifier: "ghcr.io/acme/weather", version: "1.2.0", transport: { type: "stdio" }, environmentVariables: [{ name: "ACME_API_KEY", isRequired: true, isSecret: true }] },
      { registryType: "nuget", identifier: "Acme.Weather", version: "1.2.0", transport: { type: "stdio" } },
    ],
    remotes: [{ type: "streamable-http", url: "https://mcp.acme.example/weather", headers: [{ name: "Authorization", description: "Bearer token", isRequired: true, isSecret: true }] }],
  },
  ...Array.from({ length: 3 }, (_, i) => ({ name: `io.github.acme/weather-extra-${i}`, description: `Extra weather tool ${i}.`, version: "0.1.0", packages: [] })),
  { name: "io.github.other/notes", description: "Notes.", version: "2.0.0", remotes: [{ type: "sse", url: "https://notes.example/sse" }] },
];

export interface RegistryTestServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startRegistryTestServer(): Promise<RegistryTestServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://localhost");
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const meta = { "io.modelcontextprotocol.registry/official": { status: "active", isLatest: true, publishedAt: "2026-01-01T00:00:00Z" } };
    if (url.pathname === "/v0.1/servers") {
      const search = url.searchParams.get("search")?.toLowerCase() ?? "";
      const matching = REGISTRY_SERVERS.filter((s) => s.name.toLowerCase().includes(search));
      const limit = Number(url.searchParams.get("limit") ?? 30);
      const start = Number(url.searchParams.get("cursor") ?? 0);
      const page = matching.slice(start, start + limit);
      const next = start + limit < matching.length ? String(start + limit) : undefined;
      return send(200, { servers: page.map((s) => ({ server: s, _meta: meta })), metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) } });
    }
    const one = /^\/v0\.1\/servers\/(.+)\/versions\/latest$/.exec(url.pathname);
    const found = one && REGISTRY_SERVERS.find((s) => s.name === decodeURIComponent(one[1]!));
    if (found) return send(200, { server: found, _meta: meta });
    send(404, { title: "Not Found", status: 404 });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
