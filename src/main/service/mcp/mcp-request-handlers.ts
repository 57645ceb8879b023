/**
 * The tools:* channels → the MCP service.
 */
import type { McpService } from "./mcp-service";
import type { RequestHandlers } from "../request-handler-types";

type McpChannel = Extract<keyof RequestHandlers, `tools:${string}`>;

export function mcpRequestHandlers(mcp: McpService): Pick<RequestHandlers, McpChannel> {
  return {
    "tools:get": () => mcp.view(),
    "tools:addServer": (input) => mcp.addServer(input),
    "tools:editServer": (input) => mcp.editServer(input),
    "tools:reviewConfig": ({ text }) => mcp.reviewConfig(text),
    "tools:importConfig": ({ text, confirmation }) => mcp.importClaudeDesktop(text, confirmation),
    "tools:removeServer": ({ name }) => mcp.removeServer(name),
    "tools:setServer": ({ name, ...change }) => mcp.setServer(name, change),
    "tools:setTool": ({ server, tool, ...change }) => mcp.setTool(server, tool, change),
    "tools:setCallTimeout": ({ ms }) => mcp.setCallTimeout(ms),
    "tools:restartServer": ({ name }) => mcp.restart(name),
    "tools:stderr": ({ name }) => mcp.stderr(name),
    "tools:openBundle": ({ path }) => mcp.bundles.open(path),
    "tools:reviewBundle": ({ data }) => mcp.bundles.review(Buffer.from(data, "base64")),
    "tools:installBundle": async ({ reviewId, settings }) => (await mcp.bundles.install(reviewId, settings), mcp.view()),
    "tools:configureBundle": ({ name, settings }) => (mcp.bundles.configure(name, settings), mcp.view()),
    "tools:registrySearch": ({ query, cursor }) => mcp.registry.search(query, cursor),
    "tools:registryServer": ({ name }) => mcp.registry.server(name),
    "tools:setRegistryUrl": ({ url }) => mcp.setRegistryUrl(url),
  };
}
