/**
 * Errors a model provider reports in the library's own terms, each with what to do about
 * it. A provider maps its SDK's errors to these where the SDK's own words would not help
 * (a refused socket, a model without tools); rate limits and overloads keep their SDK names
 * (RateLimitError, InternalServerError...), retried by the SDK as the Anthropic path is.
 */
import { AgentError } from "../../errors";

/** A file in the context that this model cannot take (e.g. a PDF on an OpenAI-compatible model). Nothing was sent. */
export class UnsupportedAttachmentError extends AgentError {
  constructor(readonly fileName: string, readonly model: string, what: string) {
    super(
      `The attached file "${fileName}" is a ${what}, which ${model} cannot read. Nothing was sent. ` +
        "Switch this conversation to a Claude model to use it, or remove the file (edit the message) and send again.",
    );
  }
}

/** Nothing answers at the provider's address (a local server that is not running). */
export class ModelServerUnreachableError extends AgentError {
  constructor(readonly serverName: string, readonly baseURL: string, detail: string, options?: { cause?: unknown }) {
    super(`${serverName} is not running at ${baseURL} (${detail}). Start it, or check the address in Settings → Models, then press Continue.`, options);
  }
}

/** The model refused a request with tools: it cannot call them. */
export class ModelWithoutToolsError extends AgentError {
  constructor(readonly model: string, detail: string, options?: { cause?: unknown }) {
    super(`${model} does not support tool calls (${detail}). Choose a model that supports tools for this conversation.`, options);
  }
}

/** A streamed reply that stopped arriving for longer than the provider's timeout. */
export class ModelTimeoutError extends AgentError {
  constructor(readonly model: string, readonly timeoutMs: number) {
    const wait = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} seconds`;
    super(`${model} sent nothing for ${wait}, so the request was given up. Press Continue to ask again.`);
  }
}

/** The key was refused by the provider (HTTP 401 or 403). */
export class ModelKeyRefusedError extends AgentError {
  constructor(readonly serverName: string, detail: string, options?: { cause?: unknown }) {
    super(`${serverName} refused the API key (${detail}). Check the key in Settings → Models.`, options);
  }
}

/** The server is overloaded (HTTP 529, or 503 saying so), after the client's retries. */
export class ModelOverloadedError extends AgentError {
  constructor(readonly serverName: string, detail: string, options?: { cause?: unknown }) {
    super(`${serverName} is overloaded right now (${detail}). Wait a little, then press Continue.`, options);
  }
}
