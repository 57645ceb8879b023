/** What the benchmark and its scripted-servers child say to each other over the IPC channel. */

export type ServerName = "anthropic" | "openai";

export interface ServersRequest {
  id: number;
  type: "take";
  server: ServerName;
  /** Also send the body of the last request (to replay it with a bare SDK call). */
  withLastBody?: boolean;
}

export interface ServersAnswer {
  id: number;
  /** Only in the first message: where each server listens. */
  urls?: Record<ServerName, string>;
  /** Requests that arrived since the last take. */
  count?: number;
  /** The size of the last request's body in bytes. */
  lastBytes?: number;
  lastBody?: unknown;
}
