/**
 * The Streamable HTTP MCP test server, on 127.0.0.1 and a random port, built on the SDK's
 * StreamableHTTPServerTransport (one session per client). Its tools are those of
 * test-mcp-tools.ts; `requireHeader` makes it refuse requests without that header.
 */
import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { buildTestMcpServer } from "./test-mcp-tools";

export interface McpHttpTestServer {
  url: string;
  close(): Promise<void>;
}

export async function startMcpHttpServer(countFile: string, options: { requireHeader?: [string, string]; port?: number } = {}): Promise<McpHttpTestServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const [name, value] = options.requireHeader ?? [];
    if (name && req.headers[name.toLowerCase()] !== value) {
      res.writeHead(401).end("missing or wrong header");
      return;
    }
    const body = req.method === "POST" ? await readJson(req) : undefined;
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (!transport && req.method === "POST" && isInitializeRequest(body)) {
      const created = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => void sessions.set(sid, created) });
      created.onclose = () => created.sessionId && sessions.delete(created.sessionId);
      await buildTestMcpServer(countFile).connect(created);
      transport = created;
    }
    if (!transport) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }));
      return;
    }
    await transport.handleRequest(req, res, body);
  };
  const http = createServer((req, res) => void handle(req, res).catch((error) => res.writeHead(500).end(String(error))));
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      for (const transport of sessions.values()) await transport.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch (error) {
        reject(error);
      }
    });
  });
}
