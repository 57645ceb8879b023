/**
 * A client of an MCP registry's API (v0.1, the official MCP Registry's and any registry
 * that implements it): search, and one server's latest version. Only reads; answers are
 * checked (registry-schema.ts) and turned into what the window shows. A registry that
 * cannot be reached is a calm RegistryUnavailableError, nothing more.
 */
import type { RegistrySearchView, RegistryServerPage } from "../../../../shared/mcp-registry-types";
import { McpConfigError } from "../../../mcp";
import { RegistryAnswerError, RegistryUnavailableError } from "./registry-errors";
import { serverPage, summary } from "./registry-forms";
import { type ServerJson, serverJson, serverList, serverResponse } from "./registry-schema";

export const OFFICIAL_REGISTRY_URL = "https://registry.modelcontextprotocol.io";

/** The registry URL setting as saved: null for the official registry (also when empty). */
export function checkedRegistryUrl(url: string | null): string | null {
  const trimmed = url?.trim() || null;
  if (trimmed !== null && !/^https?:\/\/[^\s/]+/.test(trimmed)) throw new McpConfigError("registryUrl", "a registry address starts with https:// (or http:// for one on this computer or network).");
  return trimmed === OFFICIAL_REGISTRY_URL ? null : trimmed;
}
const PAGE = 30;

export class RegistryClient {
  constructor(
    private readonly baseUrl: () => string,
    private readonly timeoutMs = 10_000,
  ) {}

  async search(query: string, cursor?: string): Promise<RegistrySearchView> {
    const params = new URLSearchParams({ limit: String(PAGE), version: "latest" });
    if (query.trim()) params.set("search", query.trim());
    if (cursor) params.set("cursor", cursor);
    const body = serverList.safeParse(await this.get(`/v0.1/servers?${params}`));
    if (!body.success) throw new RegistryAnswerError(this.baseUrl(), "not a list of servers");
    const servers = body.data.servers.flatMap((entry) => {
      const server = serverJson.safeParse(entry.server);
      return server.success ? [summary(server.data)] : [];
    });
    return { servers, ...(body.data.metadata?.nextCursor ? { nextCursor: body.data.metadata.nextCursor } : {}) };
  }

  async server(name: string): Promise<RegistryServerPage> {
    const body = serverResponse.safeParse(await this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions/latest`));
    const server = body.success ? serverJson.safeParse(body.data.server) : null;
    if (!server?.success) throw new RegistryAnswerError(this.baseUrl(), `no server.json for ${name}`);
    return serverPage(server.data as ServerJson);
  }

  private async get(path: string): Promise<unknown> {
    const base = this.baseUrl().replace(/\/+$/, "");
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new RegistryUnavailableError(base, (error as Error).name === "TimeoutError" ? `no answer within ${this.timeoutMs / 1000} s` : (cause ?? (error as Error).message));
    }
    if (response.status === 404) throw new RegistryAnswerError(base, "it does not know this address or server (404)");
    if (!response.ok) throw new RegistryUnavailableError(base, `it answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new RegistryAnswerError(base, "not JSON");
    }
  }
}
