/**
 * Errors of the MCP room, each with a message that says what is wrong and what to do.
 */

/** A server configuration that cannot be used; `where` names the place, e.g. `mcpServers.github.command`. */
export class McpConfigError extends Error {
  override name = "McpConfigError";
  constructor(
    readonly where: string,
    problem: string,
  ) {
    super(where ? `${where}: ${problem}` : problem);
  }
}

/** A call that did not answer within the per-call timeout (it was cancelled at the server). */
export class McpCallTimeoutError extends Error {
  override name = "McpCallTimeoutError";
  constructor(server: string, tool: string, timeoutMs: number) {
    super(
      `The MCP tool "${tool}" of server "${server}" did not answer within the per-call timeout of ${formatSeconds(timeoutMs)}; ` +
        "the call was cancelled at the server. The timeout can be changed in Settings → Tools.",
    );
  }
}

/** The server's process ended (or its connection closed) while a call ran. */
export class McpServerExitedError extends Error {
  override name = "McpServerExitedError";
  constructor(server: string, tool: string, how: string) {
    super(`The MCP server "${server}" ${how} while its tool "${tool}" ran, so the call has no result. Alpine restarts the server.`);
  }
}

/** The server is not running (starting, failed or disabled) when a call needs it. */
export class McpServerUnavailableError extends Error {
  override name = "McpServerUnavailableError";
  constructor(server: string, why: string) {
    super(`The MCP server "${server}" is not available: ${why}`);
  }
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
