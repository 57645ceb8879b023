/**
 * Approval of MCP calls. By default every call asks the person first (the library's
 * `askPerson`: the question is saved in the State, so it survives a quit or a kill).
 * Allow once runs this call; Allow in this conversation is kept in the conversation's
 * data; Always allow this tool, and a server's default, live in settings.
 */
import type { State } from "../agent";
import type { ServerTool } from "./server-state";

export const APPROVAL = {
  once: "Allow once",
  conversation: "Allow in this conversation",
  always: "Always allow this tool",
  deny: "Deny",
} as const;
export const APPROVAL_CHOICES = [APPROVAL.once, APPROVAL.conversation, APPROVAL.always, APPROVAL.deny];

export type ApprovalChoice = "once" | "conversation" | "always" | "deny";

/** Where "always" and the servers' defaults are kept (the service's settings), and how a grant is sealed. */
export interface ApprovalSettings {
  /** True when the person allowed this tool always, or the server's default is to allow. */
  allowsWithoutAsking(server: string, tool: string): boolean;
  allowAlways(server: string, tool: string): void;
  /** The installation's seal of "allowed in this conversation" (made with its approval key). */
  sealGrant(conversationId: string, toolKey: string): string;
  grantHolds(seal: string, conversationId: string, toolKey: string): boolean;
}

/**
 * The key of the conversation's data where its allowed tools are kept: `server/tool#seal`,
 * sealed with this installation's key and the conversation's id, so a grant in an imported
 * file, another machine's store or another conversation's data never holds here.
 */
export const CONVERSATION_ALLOWED_KEY = "mcpAllowedTools";

export function toolKey(server: string, tool: string): string {
  return `${server}/${tool}`;
}

export function allowedInConversation(state: State, server: string, tool: string, approvals: ApprovalSettings): boolean {
  const list = (state.data as Record<string, unknown> | null)?.[CONVERSATION_ALLOWED_KEY];
  if (!Array.isArray(list)) return false;
  const key = toolKey(server, tool);
  return list.some((grant) => {
    if (typeof grant !== "string" || !grant.startsWith(`${key}#`)) return false;
    return approvals.grantHolds(grant.slice(key.length + 1), state.conversationId, key);
  });
}

export function allowInConversation(state: State, server: string, tool: string, approvals: ApprovalSettings): void {
  if (typeof state.data !== "object" || state.data === null || Array.isArray(state.data)) return;
  const data = state.data as Record<string, unknown>;
  const key = toolKey(server, tool);
  const list = Array.isArray(data[CONVERSATION_ALLOWED_KEY]) ? (data[CONVERSATION_ALLOWED_KEY] as unknown[]) : [];
  // Grants that do not hold here (or an unsealed one of an older version) are dropped.
  const kept = list.filter((grant): grant is string => typeof grant === "string" && !grant.startsWith(`${key}#`) && grant.includes("#"));
  data[CONVERSATION_ALLOWED_KEY] = [...kept, `${key}#${approvals.sealGrant(state.conversationId, key)}`];
}

/** The person's answer as a choice; anything that is not an allow is a deny. */
export function choiceOf(answer: string): ApprovalChoice {
  const said = answer.trim().toLowerCase();
  for (const [choice, label] of Object.entries(APPROVAL) as [ApprovalChoice, string][]) if (label.toLowerCase() === said) return choice;
  if (said === "allow") return "once";
  return "deny";
}

/** The question the person sees: which tool of which server, its hints, and the input. */
export function approvalQuestion(server: string, tool: ServerTool, input: unknown): string {
  const title = tool.annotations?.title ?? tool.title;
  const hints: string[] = [];
  if (tool.annotations?.readOnlyHint) hints.push("read-only");
  if (tool.annotations?.destructiveHint) hints.push("may change or delete data");
  if (tool.annotations?.openWorldHint) hints.push("reaches outside this computer");
  const named = `"${tool.name}"${title && title !== tool.name ? ` (${title})` : ""}`;
  let shown = JSON.stringify(input ?? {}, null, 1) ?? "{}";
  if (shown.length > 2_000) shown = `${shown.slice(0, 2_000)}…`;
  return `Allow the MCP tool ${named} of server "${server}" to run${hints.length ? ` [${hints.join("; ")}]` : ""}? Input: ${shown}`;
}
