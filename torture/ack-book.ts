/**
 * The acknowledgements scenario's book: every action the service acknowledged (the answer the
 * window would show as "sent", "renamed", "saved"…), and the one action a kill cut short
 * before its answer was read. After each relaunch `checkBook` asks the relaunched service,
 * through the window's protocol, whether each acknowledged action is there exactly once, and
 * whether the cut one is either whole or absent (never half-done).
 */
import type { ConversationView } from "../src/shared/view-types";
import type { AckClient } from "./ack-client";

/** A branch the scenario made (a new conversation, an edit, a regenerate), as acknowledged. */
export interface BookBranch {
  id: string;
  conversationId: string;
  /** The person's messages acknowledged in this branch (each unique in the run). */
  texts: string[];
  /** The last title acknowledged, or null when never renamed. */
  title: string | null;
  pendingAsk: boolean;
  deleted: boolean;
}

/** The action the kill landed in before its answer was read: it may be done, or not, but never half. */
export type Unsettled =
  | { kind: "text"; text: string }
  /** A regenerate: its branch has no words of its own to look for; whatever is listed must read whole. */
  | { kind: "branch" }
  | { kind: "rename"; id: string; title: string }
  | { kind: "delete"; id: string }
  | { kind: "settings"; systemPrompt: string }
  | { kind: "mcp-add"; name: string };

export class AckBook {
  readonly branches = new Map<string, BookBranch>();
  systemPrompt: string | null = null;
  readonly servers: string[] = [];
  unsettled: Unsettled | null = null;
  /** The kind of the action a kill cut before its answer, for the report. */
  lastCut: string | null = null;

  live(): BookBranch[] {
    return [...this.branches.values()].filter((b) => !b.deleted);
  }

  add(branch: Omit<BookBranch, "title" | "pendingAsk" | "deleted">): BookBranch {
    const made: BookBranch = { ...branch, title: null, pendingAsk: false, deleted: false };
    this.branches.set(made.id, made);
    return made;
  }

  /** A conversation deleted: every branch of it. */
  deleteConversation(conversationId: string): void {
    for (const branch of this.branches.values()) if (branch.conversationId === conversationId) branch.deleted = true;
  }
}

export interface BookCheck {
  /** Acknowledged actions not found (or changed) after the relaunch. */
  lost: number;
  failures: string[];
  /** What the cut action turned out to be ("unknown" for a regenerate: nothing of its own to find). */
  unsettledWas: "done" | "not done" | "unknown" | null;
}

const countText = (view: ConversationView, text: string) => view.entries.filter((e) => e.kind === "user" && e.text === text).length;

async function view(client: AckClient, id: string): Promise<ConversationView | { error: string }> {
  const answer = await client.request("conversations:get", { id, tail: 500 });
  return answer.ok ? (answer.value as ConversationView) : { error: `${answer.error.name}: ${answer.error.message}` };
}

/** Every branch the service lists (each conversation's shown one) besides the book's. */
async function listedIds(client: AckClient): Promise<string[]> {
  const answer = await client.request("conversations:list", { offset: 0, limit: 500 });
  if (!answer.ok) throw new Error(`conversations:list failed: ${answer.error.name}: ${answer.error.message}`);
  return (answer.value as { items: { id: string }[] }).items.map((item) => item.id);
}

export async function checkBook(client: AckClient, book: AckBook): Promise<BookCheck> {
  const result: BookCheck = { lost: 0, failures: [], unsettledWas: null };
  const cut = book.unsettled;
  book.unsettled = null;
  const lose = (what: string) => {
    result.lost++;
    result.failures.push(`acknowledged and lost: ${what}`);
  };
  const views = new Map<string, ConversationView>();
  for (const branch of book.branches.values()) {
    const seen = await view(client, branch.id);
    if (branch.deleted) {
      if (!("error" in seen)) {
        if (cut?.kind === "delete" && cut.id === branch.id) continue;
        lose(`the deletion of ${branch.id} (it is back)`);
      } else if (!seen.error.startsWith("ConversationNotFoundError")) result.failures.push(`a deleted conversation ${branch.id} reads as ${seen.error}`);
      continue;
    }
    if ("error" in seen) {
      if (cut?.kind === "delete" && book.branches.get(cut.id)?.conversationId === branch.conversationId && seen.error.startsWith("ConversationNotFoundError")) {
        book.deleteConversation(branch.conversationId);
        result.unsettledWas = "done";
        continue;
      }
      lose(`branch ${branch.id} (${seen.error})`);
      book.branches.delete(branch.id); // told once
      continue;
    }
    views.set(branch.id, seen);
    for (const text of [...branch.texts]) {
      const count = countText(seen, text);
      if (count === 0) {
        lose(`the message "${text}" in ${branch.id}`);
        branch.texts.splice(branch.texts.indexOf(text), 1);
      }
      if (count > 1) result.failures.push(`the message "${text}" is ${count} times in ${branch.id}`);
    }
    branch.pendingAsk = seen.pendingAsk !== null;
    // A rename names the whole conversation: every branch of it.
    const renamedNow = cut?.kind === "rename" && book.branches.get(cut.id)?.conversationId === branch.conversationId && seen.summary.title === cut.title;
    if (renamedNow) {
      for (const b of book.branches.values()) if (b.conversationId === branch.conversationId) b.title = cut.title;
      result.unsettledWas = "done";
    } else if (branch.title !== null && seen.summary.title !== branch.title) {
      lose(`the title "${branch.title}" of ${branch.id} (it reads "${seen.summary.title}")`);
      branch.title = null;
    }
  }
  if (cut?.kind === "delete" && result.unsettledWas === null) result.unsettledWas = "not done";
  if (cut?.kind === "rename" && result.unsettledWas === null) result.unsettledWas = "not done";
  if (cut?.kind === "text" || cut?.kind === "branch") await checkCutText(client, cut.kind === "text" ? cut.text : null, views, result);
  await checkSettings(client, book, cut, result, lose);
  return result;
}

/** A message whose answer was not read: in no branch more than once, and wherever it is, the branch reads whole. */
async function checkCutText(client: AckClient, text: string | null, views: Map<string, ConversationView>, result: BookCheck): Promise<void> {
  let found = 0;
  // Each conversation's shown branch, and every branch of the book (an edit may be shown or not).
  for (const id of new Set([...(await listedIds(client)), ...views.keys()])) {
    const seen = views.get(id) ?? (await view(client, id));
    if ("error" in seen) {
      result.failures.push(`after a kill, conversation ${id} is listed but reads as ${seen.error}`);
      continue;
    }
    const count = text === null ? 0 : countText(seen, text);
    if (count > 1) result.failures.push(`the unacknowledged message "${text}" is ${count} times in ${id}`);
    found += count;
  }
  result.unsettledWas = text === null ? "unknown" : found > 0 ? "done" : "not done";
}

async function checkSettings(client: AckClient, book: AckBook, cut: Unsettled | null, result: BookCheck, lose: (what: string) => void): Promise<void> {
  const settings = await client.request("settings:get", {});
  if (!settings.ok) return void result.failures.push(`settings:get failed after a relaunch: ${settings.error.message}`);
  const prompt = (settings.value as { systemPrompt: string }).systemPrompt;
  if (cut?.kind === "settings") {
    const done = prompt === cut.systemPrompt;
    if (done) book.systemPrompt = cut.systemPrompt;
    result.unsettledWas = done ? "done" : "not done";
  }
  if (book.systemPrompt !== null && prompt !== book.systemPrompt) {
    lose(`the system prompt saved as "${book.systemPrompt}" (it reads "${prompt}")`);
    book.systemPrompt = null;
  }
  const tools = await client.request("tools:get", {});
  if (!tools.ok) return void result.failures.push(`tools:get failed after a relaunch: ${tools.error.message}`);
  const names = (tools.value as { servers: { name: string }[] }).servers.map((s) => s.name);
  if (cut?.kind === "mcp-add") {
    const done = names.includes(cut.name);
    if (done) book.servers.push(cut.name);
    result.unsettledWas = done ? "done" : "not done";
  }
  for (const name of [...book.servers]) {
    const count = names.filter((n) => n === name).length;
    if (count === 0) {
      lose(`the MCP server "${name}"`);
      book.servers.splice(book.servers.indexOf(name), 1);
    }
    if (count > 1) result.failures.push(`the MCP server "${name}" is listed ${count} times`);
  }
}
