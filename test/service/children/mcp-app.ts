/**
 * The service in a process of its own, to be killed: opens the data folder, imports
 * MCP_CONFIG (a Claude Desktop file) when no server is configured yet, allows every
 * server's tools without asking when MCP_ALLOW=1, starts a conversation with TASK if set.
 * Prints JSON lines: {"type":"servers",...} on each server change, {"type":"started",id},
 * and {"type":"tool_start",callId,name} for each call. GUARDS=utility starts servers' guards
 * the way the app does, on the utilityProcess stand-in (ended at once when this process dies).
 */
import { AlpineService } from "../../../src/main/service/alpine-service";
import { MemorySecretKeeper } from "../../../src/main/service/settings/secret-keeper";
import { findGuardSource } from "../../../src/main/mcp";
import { utilityGuardLauncher } from "../../../src/main/electron/utility-guard-launcher";
import { utilityProcess } from "../../electron-layer/fake-utility-process";

const env = process.env;
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const service = new AlpineService({
  dataFolder: env.DATA_FOLDER!,
  secrets: new MemorySecretKeeper("sk-ant-test-key"),
  model: { baseURL: env.MODEL_URL!, maxRetries: 0 },
  mcpConnection: { backoffMs: 100, startTimeoutMs: 60_000 },
  ...(env.GUARDS === "utility" ? { mcpLaunch: { guards: utilityGuardLauncher(utilityProcess.fork as never, findGuardSource()), environment: async () => null } } : {}),
});
service.events.on((event) => {
  if (event.type === "mcp_changed") print({ type: "servers", servers: event.tools.servers.map((s) => ({ name: s.name, status: s.status, pid: s.pid })) });
  if (event.type === "step" && event.event.type === "tool_start") print({ type: "tool_start", callId: event.event.callId, name: event.event.name });
});
if (env.MCP_CONFIG && service.mcp.view().servers.length === 0) service.mcp.importClaudeDesktop(env.MCP_CONFIG, service.mcp.reviewConfig(env.MCP_CONFIG).confirmation);
if (env.MCP_ALLOW === "1") for (const server of service.mcp.view().servers) service.mcp.setServer(server.name, { approval: "allow" });
if (env.TASK) print({ type: "started", ...(await service.runs.start(env.TASK)) });
setInterval(() => undefined, 1 << 30);
