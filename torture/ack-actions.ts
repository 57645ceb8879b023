/**
 * The actions of the acknowledgements scenario: each one the window acknowledges to a person
 * (docs/acknowledgements.md), as the request the window sends, what its answer acknowledges
 * (recorded in the book), and what it may have left if a kill came before its answer was read.
 */
import type { ConversationView } from "../src/shared/view-types";
import type { AckClient } from "./ack-client";
import type { AckBook, BookBranch, Unsettled } from "./ack-book";
import type { Prng } from "./prng";

export const ACK_KINDS = ["start", "send", "answer", "edit", "regenerate", "rename", "delete", "settings", "mcp-add"] as const;
export type AckKind = (typeof ACK_KINDS)[number];

/** How often each kind is drawn (when it can be done at all). */
const WEIGHTS: Record<AckKind, number> = { start: 20, send: 25, answer: 14, edit: 8, regenerate: 7, rename: 10, delete: 3, settings: 7, "mcp-add": 4 };

/** The person's message that makes the scripted model ask a question (the scenario's model: ackReply). */
export const ASK_MARK = "[ask]";

export interface PlannedAction {
  kind: AckKind;
  channel: string;
  args: unknown;
  /** Records the acknowledged action in the book; returns the branch whose run it started, if any. */
  acknowledged(value: unknown): string | null;
  /** What the action may have done if its answer was never read. */
  unsettled: Unsettled;
}

const idle = (book: AckBook) => book.live().filter((b) => !b.pendingAsk);

/** Draws the next action that can be done now (a send needs a conversation, an answer a question). */
export async function planAction(client: AckClient, book: AckBook, prng: Prng, tag: string): Promise<PlannedAction> {
  const possible = ACK_KINDS.filter((kind) => {
    if (kind === "start" || kind === "settings" || kind === "mcp-add") return true;
    if (kind === "answer") return book.live().some((b) => b.pendingAsk);
    if (kind === "send" || kind === "edit" || kind === "regenerate") return idle(book).length > 0;
    return book.live().length > 0;
  });
  const kind = prng.weighted(possible.map((k) => [k, WEIGHTS[k]] as [AckKind, number]));
  const text = `${tag} Please keep this note.${prng.chance(0.3) ? ` ${ASK_MARK}` : ""}`;
  switch (kind) {
    case "start":
      return {
        kind, channel: "runs:start", args: { text }, unsettled: { kind: "text", text },
        acknowledged: (value) => book.add({ id: (value as { id: string }).id, conversationId: (value as { id: string }).id, texts: [text] }).id,
      };
    case "send": {
      const branch = prng.pick(idle(book));
      return { kind, channel: "runs:send", args: { id: branch.id, text }, unsettled: { kind: "text", text }, acknowledged: () => (branch.texts.push(text), branch.id) };
    }
    case "answer": {
      const branch = prng.pick(book.live().filter((b) => b.pendingAsk));
      const answer = `Allow ${tag}`;
      return {
        kind, channel: "runs:answer", args: { id: branch.id, answer }, unsettled: { kind: "text", text: answer },
        acknowledged: () => (branch.texts.push(answer), (branch.pendingAsk = false), branch.id),
      };
    }
    case "edit":
    case "regenerate":
      return branchAction(client, book, prng, kind, text);
    case "rename": {
      const branch = prng.pick(book.live());
      const title = `Notes ${tag}`;
      return {
        kind, channel: "conversations:rename", args: { id: branch.id, title }, unsettled: { kind: "rename", id: branch.id, title },
        acknowledged: () => {
          for (const b of book.branches.values()) if (b.conversationId === branch.conversationId) b.title = title;
          return null;
        },
      };
    }
    case "delete": {
      const branch = prng.pick(book.live());
      return { kind, channel: "conversations:delete", args: { id: branch.id }, unsettled: { kind: "delete", id: branch.id }, acknowledged: () => (book.deleteConversation(branch.conversationId), null) };
    }
    case "settings": {
      const systemPrompt = `You keep notes. ${tag}`;
      return { kind, channel: "settings:set", args: { systemPrompt }, unsettled: { kind: "settings", systemPrompt }, acknowledged: () => ((book.systemPrompt = systemPrompt), null) };
    }
    case "mcp-add": {
      const name = `notes-${tag.replace(/[^A-Za-z0-9]+/g, "-")}`.slice(0, 64);
      // Nothing listens there: the server is added (and fails to start), which is all this checks.
      const args = { name, transport: "http", url: "http://127.0.0.1:9/mcp" };
      return { kind, channel: "tools:addServer", args, unsettled: { kind: "mcp-add", name }, acknowledged: () => (book.servers.push(name), null) };
    }
  }
}

/** An edit of one of the person's messages, or a regenerate of a reply: a new branch of the conversation. */
async function branchAction(client: AckClient, book: AckBook, prng: Prng, kind: "edit" | "regenerate", text: string): Promise<PlannedAction> {
  const branch: BookBranch = prng.pick(idle(book));
  const got = await client.request("conversations:get", { id: branch.id, tail: 500 });
  const entries = got.ok ? (got.value as ConversationView).entries : [];
  const wanted = kind === "edit" ? entries.filter((e) => e.kind === "user" && !e.answersCallId) : entries.filter((e) => e.kind === "assistant" && e.seq >= 1);
  // Nothing to branch from (e.g. the reply is not saved yet): a send instead keeps the run going.
  if (wanted.length === 0) return { kind: "send", channel: "runs:send", args: { id: branch.id, text }, unsettled: { kind: "text", text }, acknowledged: () => (branch.texts.push(text), branch.id) };
  const seq = prng.pick(wanted).seq;
  const made = (value: unknown) => book.add({ id: (value as { id: string }).id, conversationId: branch.conversationId, texts: kind === "edit" ? [text] : [] }).id;
  if (kind === "edit") return { kind, channel: "runs:edit", args: { id: branch.id, seq, text }, unsettled: { kind: "text", text }, acknowledged: made };
  return { kind, channel: "runs:regenerate", args: { id: branch.id, seq }, unsettled: { kind: "branch" }, acknowledged: made };
}
