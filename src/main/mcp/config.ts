/**
 * An MCP server's configuration: stdio (a command the app starts, with args, env and a
 * working folder) or HTTP (Streamable HTTP at a URL with headers, falling back to the
 * older SSE transport). Checked here, with errors naming what is wrong and where.
 */
import { McpConfigError } from "./errors";

export interface StdioServerConfig {
  transport: "stdio";
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string | null;
  /** "app-node": a bundle's node server, run on the app's own runtime (`args[0]` is its script); never read from a person's configuration. */
  runtime?: "app-node";
}

export interface HttpServerConfig {
  transport: "http";
  name: string;
  url: string;
  headers: Record<string, string>;
}

export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** 1-64 of letters, digits, space, `.`, `_`, `-`: shown to the person and part of tool names. */
export const SERVER_NAME = /^[A-Za-z0-9 ._-]{1,64}$/;

const TRANSPORTS = ["stdio", "http", "streamable-http", "streamableHttp", "sse"];

/** Check one server's configuration as found at `where` (e.g. `mcpServers.github`). */
export function parseServerConfig(name: string, raw: unknown, where: string): McpServerConfig {
  if (!SERVER_NAME.test(name)) throw new McpConfigError(where, `the server name "${name}" must be 1 to 64 letters, digits, spaces, ".", "_" or "-".`);
  if (!isObject(raw)) throw new McpConfigError(where, "a server is an object such as { \"command\": \"npx\", \"args\": [...] } or { \"url\": \"https://...\" }.");
  const transport = raw.type ?? raw.transport;
  if (transport !== undefined && (typeof transport !== "string" || !TRANSPORTS.includes(transport))) {
    throw new McpConfigError(`${where}.type`, `unknown transport ${JSON.stringify(transport)}; use "stdio" (with a command) or "http" (with a url; "sse" works too).`);
  }
  const isHttp = transport !== undefined ? transport !== "stdio" : raw.url !== undefined && raw.command === undefined;
  return isHttp ? parseHttp(name, raw, where) : parseStdio(name, raw, where);
}

function parseStdio(name: string, raw: Record<string, unknown>, where: string): StdioServerConfig {
  if (raw.command === undefined) throw new McpConfigError(`${where}.command`, "missing: a stdio server needs the command that starts it (e.g. \"npx\").");
  if (typeof raw.command !== "string" || raw.command.trim() === "") throw new McpConfigError(`${where}.command`, "must be a non-empty string.");
  const args = raw.args ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) throw new McpConfigError(`${where}.args`, "must be a list of strings.");
  const cwd = raw.cwd ?? null;
  if (cwd !== null && (typeof cwd !== "string" || cwd === "")) throw new McpConfigError(`${where}.cwd`, "must be a folder path (a non-empty string).");
  return { transport: "stdio", name, command: raw.command.trim(), args: [...args], env: stringMap(raw.env, `${where}.env`), cwd };
}

function parseHttp(name: string, raw: Record<string, unknown>, where: string): HttpServerConfig {
  if (raw.url === undefined) throw new McpConfigError(`${where}.url`, "missing: an HTTP server needs its URL (https://...).");
  let url: URL;
  try {
    url = new URL(String(raw.url));
  } catch {
    throw new McpConfigError(`${where}.url`, `${JSON.stringify(raw.url)} is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new McpConfigError(`${where}.url`, `must start with http:// or https://, not ${url.protocol}.`);
  return { transport: "http", name, url: url.href, headers: stringMap(raw.headers, `${where}.headers`) };
}

function stringMap(raw: unknown, where: string): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw new McpConfigError(where, "must be an object of names to string values.");
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== "string") throw new McpConfigError(`${where}.${key}`, "must be a string.");
    out[key] = value;
  }
  return out;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
