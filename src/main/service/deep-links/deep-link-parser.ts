/**
 * Reads an `alpine://` link into what it asks, or refuses it. The link is read by hand, not
 * by `new URL`, whose normalizing would quietly turn `conversation/../x` into `x`: every
 * character must be where this expects it. The actions:
 *   alpine://conversation?id=ID                    open a conversation
 *   alpine://new?text=TEXT                         a new conversation with TEXT in the composer
 *   alpine://mcp/install?name=N&command=C&args=JSON&env=JSON
 *                                                  propose a stdio MCP server (env: names only)
 * Every parameter is checked (zod); one given twice or not known refuses the whole link.
 */
import { z } from "zod";
import { DEEP_LINK_SCHEME } from "../../../shared/deep-link-types";
import {
  DeepLinkTooLongError,
  DuplicateDeepLinkParameterError,
  InvalidDeepLinkParameterError,
  MalformedDeepLinkError,
  NotAnAlpineLinkError,
  UnknownDeepLinkActionError,
} from "./deep-link-errors";

/** Long enough for a prompt to prefill, short of what a system passes on a command line. */
export const MAX_LINK_CHARS = 16_384;

export type ParsedDeepLink =
  | { action: "conversation"; id: string }
  | { action: "new"; text: string }
  | { action: "mcp/install"; name: string; command: string; args: string[]; envNames: string[] };

/** C0 and C1 controls, and the characters that can make shown text read other than it is (direction overrides, invisible marks). */
const HIDING_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;
/** The prefilled text may have line breaks and tabs; nothing else of the above. */
const TEXT_HIDING_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const plain = (max: number) =>
  z.string().min(1, "it is empty").max(max, `it is longer than ${max} characters`).refine((s) => !HIDING_CHARACTERS.test(s), "it has control or invisible characters");
/** A JSON array in one parameter (a repeated parameter would be ambiguous). */
const jsonArray = <T extends z.ZodType>(item: T, max: number) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "it is not a JSON array" });
        return z.NEVER;
      }
    })
    .pipe(z.array(item, "it is not a JSON array").max(max, `it has more than ${max} items`));

const schemas = {
  conversation: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "a conversation id is 1 to 128 letters, digits, _ or -") }).strict(),
  new: z
    .object({ text: z.string().max(MAX_LINK_CHARS).refine((s) => !TEXT_HIDING_CHARACTERS.test(s), "it has control or invisible characters").default("") })
    .strict(),
  "mcp/install": z
    .object({
      name: plain(64).refine((s) => /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/.test(s), "a server name is letters, digits, spaces, . _ or -"),
      command: plain(1024),
      args: jsonArray(plain(2000), 50).default([]),
      env: jsonArray(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, "an environment variable name is letters, digits and _"), 50)
        .refine((names) => new Set(names).size === names.length, "it names a variable twice")
        .default([]),
    })
    .strict(),
} as const;

export const DEEP_LINK_ACTIONS = Object.keys(schemas) as (keyof typeof schemas)[];

/** Reads the link, or throws the DeepLinkError that says why it is refused. */
export function parseDeepLink(link: string): ParsedDeepLink {
  if (typeof link !== "string") throw new MalformedDeepLinkError("it is not text");
  if (link.length > MAX_LINK_CHARS) throw new DeepLinkTooLongError(link.length, MAX_LINK_CHARS);
  const prefix = `${DEEP_LINK_SCHEME}://`;
  if (link.slice(0, prefix.length).toLowerCase() !== prefix) throw new NotAnAlpineLinkError(link);
  // A link a program made has its spaces and controls percent-encoded.
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(link)) throw new MalformedDeepLinkError("it has spaces or control characters that are not percent-encoded");
  const rest = link.slice(prefix.length);
  if (rest.includes("#")) throw new MalformedDeepLinkError("it has a # part, which Alpine's links never have");
  const queryAt = rest.indexOf("?");
  const route = (queryAt === -1 ? rest : rest.slice(0, queryAt)).replace(/\/$/, "");
  const action = DEEP_LINK_ACTIONS.find((known) => known === route.toLowerCase());
  if (!action) throw new UnknownDeepLinkActionError(route, DEEP_LINK_ACTIONS);
  const params = queryParameters(queryAt === -1 ? "" : rest.slice(queryAt + 1));
  const parsed = schemas[action].safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const parameter = String(issue.path[0] ?? "link");
    throw new InvalidDeepLinkParameterError(parameter, issue.code === "unrecognized_keys" ? `Alpine's ${action} links have no ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}` : issue.message);
  }
  return shaped(action, parsed.data);
}

function shaped(action: keyof typeof schemas, data: Record<string, unknown>): ParsedDeepLink {
  switch (action) {
    case "conversation":
      return { action, id: data.id as string };
    case "new":
      return { action, text: data.text as string };
    case "mcp/install":
      return { action, name: data.name as string, command: data.command as string, args: data.args as string[], envNames: data.env as string[] };
  }
}

/** `a=1&b=2` decoded (a `+` is a space, as in a form), refusing a name given twice or text that does not decode. */
function queryParameters(query: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (query === "") return out;
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = decode(eq === -1 ? pair : pair.slice(0, eq), "a parameter name");
    const value = decode(eq === -1 ? "" : pair.slice(eq + 1), name);
    if (!/^[a-z]{1,32}$/.test(name)) throw new InvalidDeepLinkParameterError(name.slice(0, 32), "a parameter name is a short lowercase word");
    if (name in out) throw new DuplicateDeepLinkParameterError(name);
    out[name] = value;
  }
  return out;
}

function decode(text: string, what: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw new InvalidDeepLinkParameterError(what, "it is not correctly percent-encoded");
  }
}
