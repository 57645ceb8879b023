/**
 * An MCP server's tool as a plain library `Tool`. Its first run asks the person unless the
 * tool is allowed already (in this conversation, always, or by the server's default);
 * the answered call is run again with the answer and calls the server exactly once.
 */
import { type Tool, type ToolContext, askPerson } from "../agent";
import { APPROVAL_CHOICES, type ApprovalSettings, allowInConversation, allowedInConversation, approvalQuestion, choiceOf } from "./approval";
import { fromCallResult } from "./call-result";
import type { ServerTool } from "./server-state";

/** Calls a server's tool (waiting for a starting server), honouring the signal and the timeout. */
export type CallServerTool = (server: string, tool: string, input: Record<string, unknown>, signal: AbortSignal) => Promise<import("@modelcontextprotocol/sdk/types.js").CallToolResult>;

/** What the window shows of an MCP tool call: which server and tool the model's name stands for. */
export interface McpToolOrigin {
  server: string;
  tool: string;
  title?: string;
  readOnly?: boolean;
  destructive?: boolean;
}

export type McpTool = Tool<Record<string, unknown>> & { mcp: McpToolOrigin };

export function mcpTool(name: string, server: string, tool: ServerTool, approvals: ApprovalSettings, call: CallServerTool): McpTool {
  const title = tool.annotations?.title ?? tool.title;
  return {
    name,
    description: (tool.description || title || tool.name).slice(0, 10_000),
    inputSchema: { ...tool.inputSchema, type: "object" },
    mcp: {
      server,
      tool: tool.name,
      ...(title ? { title } : {}),
      ...(tool.annotations?.readOnlyHint !== undefined ? { readOnly: tool.annotations.readOnlyHint } : {}),
      ...(tool.annotations?.destructiveHint !== undefined ? { destructive: tool.annotations.destructiveHint } : {}),
    },
    async run(input: Record<string, unknown>, context: ToolContext) {
      const args = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
      if (context.answer === undefined) {
        // A call asked again (its earlier question or answer was not given here) always asks.
        const allowed = !context.reask && (approvals.allowsWithoutAsking(server, tool.name) || allowedInConversation(context.state, server, tool.name, approvals));
        if (!allowed) return askPerson({ question: approvalQuestion(server, tool, args), choices: APPROVAL_CHOICES });
      } else {
        const choice = choiceOf(context.answer);
        if (choice === "deny") {
          return `The person denied this call of the MCP tool "${tool.name}" (server "${server}"), so it did not run. Do not call it again unless the person asks for it.`;
        }
        if (choice === "conversation") allowInConversation(context.state, server, tool.name, approvals);
        if (choice === "always") approvals.allowAlways(server, tool.name);
      }
      return fromCallResult(await call(server, tool.name, args, context.signal));
    },
  };
}
