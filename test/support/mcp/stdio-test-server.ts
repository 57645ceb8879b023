/**
 * The stdio MCP test server: `node --import tsx stdio-test-server.ts <count file>`.
 * Like many real servers, it does not exit when its stdin closes (the app's guard ends it).
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { buildTestMcpServer } from "./test-mcp-tools";

const countFile = process.argv[2];
if (!countFile) throw new Error("usage: stdio-test-server.ts <count file>");
process.stderr.write(`test server ${process.pid} starting\n`);
const server = buildTestMcpServer(countFile, { canCrash: true });
await server.connect(new StdioServerTransport());
setInterval(() => undefined, 1 << 30); // stays alive without stdin, like many real servers
