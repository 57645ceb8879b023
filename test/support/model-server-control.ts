/**
 * Scripts a model server that runs in another process, over its /_control/* endpoints.
 * Every call throws ModelServerControlError when the server refuses it.
 */
import type { PlainScriptedReply, RecordedRequest, ServedModel } from "./model-server-types";

export class ModelServerControlError extends Error {
  constructor(readonly route: string, readonly status: number, detail: string) {
    super(`model server control ${route} failed with ${status}: ${detail}`);
    this.name = "ModelServerControlError";
  }
}

export interface ModelServerControl {
  url: string;
  script(...replies: PlainScriptedReply[]): Promise<void>;
  /** null restores the default fallback, the loud 500 (as in-process setFallback(null)). */
  setFallback(reply: PlainScriptedReply | null): Promise<void>;
  /** The recorded /v1/messages requests; with `atLeast`, waits (on the server) until that many arrived. */
  requests(atLeast?: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  tokenCountRequests(atLeast?: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** What GET /v1/models lists from now on; null makes it answer 404 (as in-process setModels). */
  setModels(models: ServedModel[] | null): Promise<void>;
  /** Lets the replies held by `holdAfter` stream the rest; resolves with how many there were. */
  release(): Promise<number>;
  /** Empties queue and records, restores the starting fallback (the echo one for `--echo`). */
  reset(): Promise<void>;
}

export function connectModelServer(url: string): ModelServerControl {
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<any> {
    const response = await fetch(url + path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      let detail = text;
      try {
        detail = JSON.parse(text).error?.message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new ModelServerControlError(`${method} ${path}`, response.status, detail);
    }
    return JSON.parse(text);
  }
  const list = (route: string) => (atLeast = 0, timeoutMs = 10_000) =>
    call("GET", `${route}?atLeast=${atLeast}&timeoutMs=${timeoutMs}`) as Promise<RecordedRequest[]>;
  return {
    url,
    script: async (...replies) => void (await call("POST", "/_control/script", replies)),
    setFallback: async (reply) => void (await call("POST", "/_control/fallback", reply)),
    requests: list("/_control/requests"),
    tokenCountRequests: list("/_control/token-count-requests"),
    setModels: async (models) => void (await call("POST", "/_control/models", models)),
    release: async () => (await call("POST", "/_control/release", {})).released as number,
    reset: async () => void (await call("POST", "/_control/reset", {})),
  };
}
