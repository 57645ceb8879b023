/**
 * The parts of the MCP SDK the client uses, loaded at the first server start rather than
 * at the app's: loading them takes longer than the rest of the launch (their schemas are
 * built on import), and a window's first paint never waits for a server.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { DEFAULT_INHERITED_ENV_VARS, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { ErrorCode, McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

export interface McpSdk {
  Client: typeof Client;
  SSEClientTransport: typeof SSEClientTransport;
  StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  getDefaultEnvironment: typeof getDefaultEnvironment;
  DEFAULT_INHERITED_ENV_VARS: typeof DEFAULT_INHERITED_ENV_VARS;
  ReadBuffer: typeof ReadBuffer;
  serializeMessage: typeof serializeMessage;
  ErrorCode: typeof ErrorCode;
  McpError: typeof McpError;
  ToolListChangedNotificationSchema: typeof ToolListChangedNotificationSchema;
}

let loading: Promise<McpSdk> | null = null;

export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/sse.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/shared/stdio.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]).then(
    ([client, sse, streamable, stdio, shared, types]) => ({
      Client: client.Client,
      SSEClientTransport: sse.SSEClientTransport,
      StreamableHTTPClientTransport: streamable.StreamableHTTPClientTransport,
      getDefaultEnvironment: stdio.getDefaultEnvironment,
      DEFAULT_INHERITED_ENV_VARS: stdio.DEFAULT_INHERITED_ENV_VARS,
      ReadBuffer: shared.ReadBuffer,
      serializeMessage: shared.serializeMessage,
      ErrorCode: types.ErrorCode,
      McpError: types.McpError,
      ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    }),
    (error: unknown) => {
      loading = null; // a later start tries again
      throw error;
    },
  );
  return loading;
}
