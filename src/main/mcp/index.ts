/**
 * The MCP room: server configuration, processes, clients, and their tools as plain library
 * Tools. No Electron and no window here; the service owns one McpServers.
 */
export { McpServers, DEFAULT_CALL_TIMEOUT_MS, type McpServersOptions, type ServerChoice } from "./mcp-servers";
export type { McpTool, McpToolOrigin } from "./mcp-tool";
export { parseServerConfig, SERVER_NAME, type McpServerConfig, type StdioServerConfig, type HttpServerConfig } from "./config";
export { parseClaudeDesktopConfig } from "./claude-desktop";
export { McpConfigError, McpCallTimeoutError, McpServerExitedError, McpServerUnavailableError } from "./errors";
export { APPROVAL, APPROVAL_CHOICES, CONVERSATION_ALLOWED_KEY, type ApprovalSettings } from "./approval";
export { assignToolNames, modelToolName } from "./tool-names";
export { STDERR_LINES } from "./stderr-log";
export type { ServerSnapshot, ServerStatus, ServerTool, ToolAnnotations } from "./server-state";
