/**
 * What the window sees of MCP servers and tools. Secret values (env values, HTTP headers)
 * are never here: only their names, each with the MASK as its value.
 */

/** The value shown (and sent back unchanged) for a stored secret. */
export const SECRET_MASK = "••••••";

import type { InstalledBundleView } from "./mcp-bundle-types";

export type McpServerStatus = "stopped" | "starting" | "ready" | "failed" | "restarting";
export type McpApprovalDefault = "ask" | "allow";

export interface McpToolView {
  name: string;
  /** The name the model calls it by (set while the tool is offered). */
  modelName?: string;
  title?: string;
  description: string;
  readOnly?: boolean;
  destructive?: boolean;
  enabled: boolean;
  alwaysAllowed: boolean;
}

/** What starts a server: its command line (stdio) or its URL (http). */
export interface McpServerLaunch {
  name: string;
  transport: "stdio" | "http";
  command?: string;
  args?: string[];
  cwd?: string | null;
  url?: string;
}

export interface McpServerView extends McpServerLaunch {
  /** Names with SECRET_MASK as values. */
  env?: Record<string, string>;
  headers?: Record<string, string>;
  enabled: boolean;
  approval: McpApprovalDefault;
  status: McpServerStatus;
  error: string | null;
  pid: number | null;
  /** "stdio", "streamable-http" or "sse" once connected. */
  connectedBy: string | null;
  tools: McpToolView[];
  /** Set for a server installed from an MCP Bundle. */
  bundle?: InstalledBundleView;
}

export interface McpSettingsView {
  callTimeoutMs: number;
  /** The MCP registry browsed in Settings → Tools (the official one unless changed). */
  registryUrl: string;
  servers: McpServerView[];
  /** Set when the MCP settings file could not be used as it is. */
  problem?: string;
  /**
   * Every MCP tool the model was offered, by the model's name for it, as last known (kept
   * across launches): a card names a call's tool from here while its server is not up.
   */
  knownTools?: Record<string, McpToolOriginView>;
}

/** What the window shows on a tool card of an MCP call: which server and tool the model's name stands for. */
export interface McpToolOriginView {
  server: string;
  tool: string;
  title?: string;
}

/** One value of a server's configuration as the review shows it, with why it is dangerous (if it is). */
export interface McpReviewedValue {
  name: string;
  value: string;
  danger?: string;
}

/** What a server of an imported configuration will run, shown before anything is added or started. */
export interface McpServerReview extends McpServerLaunch {
  env: McpReviewedValue[];
  headers: McpReviewedValue[];
  /** Every danger found in it, in words (an env that injects code, a shell running a command line). */
  dangers: string[];
}

export interface McpConfigReview {
  servers: McpServerReview[];
  /** Given back to import exactly what was reviewed (a digest of the text). */
  confirmation: string;
}
