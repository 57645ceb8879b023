// A tiny real MCP server (stdio, newline-delimited JSON-RPC) that the bundle tests pack into
// .mcpb files: no dependencies, so a bundle holds only this file. Its one tool reports what
// the server was started with: the bundle's settings as env values and its own arguments.
import { createInterface } from "node:readline";

const VERSION = process.argv[2] ?? "unknown";
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const TOOL = {
  name: "whoami",
  description: "Says which bundle version runs, and what it was configured with.",
  inputSchema: { type: "object", properties: { note: { type: "string" } } },
};

process.stderr.write(`bundle server ${VERSION} starting\n`);
createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return; // a notification
  if (message.method === "initialize") {
    send({ jsonrpc: "2.0", id: message.id, result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "bundle-test", version: VERSION } } });
  } else if (message.method === "tools/list") {
    send({ jsonrpc: "2.0", id: message.id, result: { tools: [TOOL] } });
  } else if (message.method === "tools/call") {
    const report = {
      version: VERSION,
      token: process.env.API_TOKEN ?? null,
      greeting: process.env.GREETING ?? null,
      note: message.params.arguments?.note ?? null,
      node: process.versions.node,
      pid: process.pid,
    };
    send({ jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: JSON.stringify(report) }] } });
  } else {
    send({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: `no method ${message.method}` } });
  }
});
