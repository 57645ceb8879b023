/**
 * Open a client connection to a configured server: a child process for stdio; Streamable
 * HTTP for a URL, and the older SSE transport when the server does not speak it.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ChildProcessTransport } from "./child-transport";
import type { ServerLaunch } from "./guard-launcher";
import { type McpSdk, loadMcpSdk } from "./mcp-sdk";
import type { HttpServerConfig, McpServerConfig } from "./config";
import type { StderrLog } from "./stderr-log";
import { ServerStartError } from "./start-failure";

export const CLIENT_INFO = { name: "alpine", version: "1.0.0" };

export interface Connection {
  client: Client;
  /** Set for stdio servers: the child process and how it ended. */
  child: ChildProcessTransport | null;
  /** "stdio", "streamable-http" or "sse". */
  transport: string;
  /** The SDK the connection was made with (loaded at the first start). */
  sdk: McpSdk;
}

export async function connectServer(config: McpServerConfig, stderr: StderrLog, timeoutMs: number, launch: ServerLaunch): Promise<Connection> {
  const sdk = await loadMcpSdk();
  if (config.transport === "stdio") {
    const child = new ChildProcessTransport(config, stderr, sdk, launch);
    const client = new sdk.Client(CLIENT_INFO, { capabilities: {} });
    try {
      await client.connect(child, { timeout: timeoutMs });
    } catch (error) {
      await child.close(500).catch(() => undefined);
      throw new ServerStartError(error, child.exit);
    }
    return { client, child, transport: "stdio", sdk };
  }
  return connectHttp(config, stderr, timeoutMs, sdk);
}

async function connectHttp(config: HttpServerConfig, log: StderrLog, timeoutMs: number, sdk: McpSdk): Promise<Connection> {
  const { Client, SSEClientTransport, StreamableHTTPClientTransport } = sdk;
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: config.headers };
  const streamable = new Client(CLIENT_INFO, { capabilities: {} });
  try {
    await streamable.connect(new StreamableHTTPClientTransport(url, { requestInit }), { timeout: timeoutMs });
    return { client: streamable, child: null, transport: "streamable-http", sdk };
  } catch (error) {
    await streamable.close().catch(() => undefined);
    log.note(`Streamable HTTP failed (${(error as Error).message}); trying the older SSE transport`);
  }
  const sse = new Client(CLIENT_INFO, { capabilities: {} });
  try {
    await sse.connect(new SSEClientTransport(url, { requestInit, eventSourceInit: { fetch: withHeaders(config.headers) } }), { timeout: timeoutMs });
  } catch (error) {
    await sse.close().catch(() => undefined);
    throw error;
  }
  return { client: sse, child: null, transport: "sse", sdk };
}

function withHeaders(headers: Record<string, string>): typeof fetch {
  return (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers).entries()), ...headers } });
}
