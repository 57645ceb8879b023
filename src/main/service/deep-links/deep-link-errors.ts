/**
 * Why an `alpine://` link was refused, one class per cause. A link comes from anywhere (a web
 * page, a chat message), so a message quotes only a short, escaped piece of what it carried.
 */
import { ServiceError } from "../service-errors";

/** At most this much of a link's text is quoted back in a message. */
const QUOTED_CHARS = 60;

/** A piece of untrusted text made safe to show: escaped (no control or direction characters survive) and cut short. */
export function quoted(text: string): string {
  const cut = text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
  return JSON.stringify(cut).replace(/[\u0080-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export class DeepLinkError extends ServiceError {}

export class NotAnAlpineLinkError extends DeepLinkError {
  constructor(link: string) {
    super(`Only alpine:// links can be opened by Alpine; ${quoted(link)} is not one. Nothing was done.`);
  }
}

export class DeepLinkTooLongError extends DeepLinkError {
  constructor(length: number, max: number) {
    super(`This link is ${length.toLocaleString("en-US")} characters long; Alpine opens links of at most ${max.toLocaleString("en-US")}. Nothing was done.`);
  }
}

/** Raw control characters or spaces in the link itself: a link made by a program encodes them. */
export class MalformedDeepLinkError extends DeepLinkError {
  constructor(detail: string) {
    super(`This alpine:// link is malformed: ${detail}. Nothing was done.`);
  }
}

export class UnknownDeepLinkActionError extends DeepLinkError {
  constructor(action: string, known: readonly string[]) {
    super(`Alpine does not know the link action ${quoted(action)}. It knows ${known.map((k) => `alpine://${k}`).join(", ")}. Nothing was done.`);
  }
}

export class InvalidDeepLinkParameterError extends DeepLinkError {
  constructor(readonly parameter: string, detail: string) {
    super(`The link's ${quoted(parameter)} is not valid: ${detail}. Nothing was done.`);
  }
}

/** The same parameter twice: which one was meant cannot be told, so neither is used. */
export class DuplicateDeepLinkParameterError extends DeepLinkError {
  constructor(readonly parameter: string) {
    super(`The link gives ${quoted(parameter)} more than once, so Alpine cannot tell which one is meant. Nothing was done.`);
  }
}

export class DeepLinkConversationNotFoundError extends DeepLinkError {
  constructor(readonly conversationId: string) {
    super(`The link opens conversation ${quoted(conversationId)}, which is not in Alpine: it may have been deleted, or the link was made on another computer.`);
  }
}

export class DeepLinkServerExistsError extends DeepLinkError {
  constructor(readonly serverName: string) {
    super(`An MCP server named ${quoted(serverName)} is already set up. Nothing was added; remove or rename the existing one in Settings → Tools first.`);
  }
}
