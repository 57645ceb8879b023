/**
 * What the app shows of a server: its state, its tools and the last lines of its stderr.
 */
import type { JsonSchema } from "../agent";

export type ServerStatus = "stopped" | "starting" | "ready" | "failed" | "restarting";

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as the server lists it. */
export interface ServerTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations;
}

export interface ServerSnapshot {
  name: string;
  status: ServerStatus;
  /** The server's tools (the last list while restarting). */
  tools: ServerTool[];
  /** Why it failed or restarts, in words. */
  error: string | null;
  /** The stdio server's process id while it runs. */
  pid: number | null;
  /** "stdio", "streamable-http" or "sse" once connected. */
  transport: string | null;
  /** Restarts after a crash or a failed start, since the last successful start. */
  attempts: number;
}
