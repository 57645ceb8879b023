/**
 * Titles: after a new conversation's first reply, a short title is asked of the model in a
 * separate, small request (a cheap model, few tokens, no retries) that runs beside the
 * conversation and never delays it. If it fails, the title stays the first words of the
 * task. A conversation whose title is no longer its task (the person renamed it, or it was
 * titled already) is never retitled.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { createModelClient, type ModelClientOptions } from "./model-client";
import { type State, assistantTextOf } from "./title-text";

export const TITLE_MODEL = "claude-haiku-4-5";
/** Sent with the title request, so it can be told from the conversation's own requests. */
export const TITLE_PURPOSE_HEADER = "x-alpine-purpose";
const TITLE_SYSTEM = "You name conversations. Reply with a title of at most six words for the conversation below: no quotes, no final full stop, nothing else.";

export interface TitleDeps {
  /** A client for the request, or null when there is no key. */
  client(): Anthropic | Promise<Anthropic> | null;
  /** Sets the title unless the conversation's title is no longer its task; true when set. */
  applyIfUntitled(id: string, title: string): boolean | Promise<boolean>;
}

/** Is this the end of a new conversation's first reply (and the title still the task)? */
export function wantsTitle(state: State): boolean {
  if (state.title !== state.task) return false;
  let replies = 0;
  for (const entry of state.history) if (entry.kind === "assistant" && assistantTextOf(entry) !== "") replies++;
  return replies === 1 && (state.stoppedBy === "end_turn" || state.stoppedBy === "finish" || state.stoppedBy === "ask");
}

/** Ask for a title in the background; resolves to the title set, or null. Never rejects. */
export async function requestTitle(deps: TitleDeps, state: State): Promise<string | null> {
  const client = await deps.client();
  if (!client) return null;
  const reply = state.history.find((e) => e.kind === "assistant" && assistantTextOf(e) !== "");
  const transcript = `Person: ${state.task.slice(0, 2000)}\n\nAssistant: ${reply ? assistantTextOf(reply).slice(0, 2000) : ""}`;
  try {
    const message = await client.messages.create(
      { model: TITLE_MODEL, max_tokens: 30, system: TITLE_SYSTEM, messages: [{ role: "user", content: transcript }] },
      { headers: { [TITLE_PURPOSE_HEADER]: "title" }, maxRetries: 0, timeout: 30_000 },
    );
    const title = cleanTitle(message.content.map((b) => (b.type === "text" ? b.text : "")).join(""));
    if (!title) return null;
    return (await deps.applyIfUntitled(state.id, title)) ? title : null;
  } catch {
    return null; // the first words stay
  }
}

/** One line, no quotes or trailing full stop, at most 80 characters. */
export function cleanTitle(text: string): string {
  const line = text.trim().split("\n")[0].trim().replace(/^["'“”]+|["'“”]+$/g, "").replace(/\.$/, "").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** A new conversation's first reply: ask for its title beside the run, never awaited. */
export function titleInBackground(state: State, apiKey: string | null, client: ModelClientOptions, applyIfUntitled: TitleDeps["applyIfUntitled"]): void {
  if (!wantsTitle(state)) return;
  void requestTitle({ client: () => (apiKey ? createModelClient(apiKey, client) : null), applyIfUntitled }, state);
}
