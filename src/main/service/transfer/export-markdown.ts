/**
 * A conversation as Markdown to read: the person's messages, the model's replies, each tool
 * call with its input and result. The shown branch reads from its first message; the other
 * branches of a whole tree follow, each from where it parts.
 */
import type { EntryRecord } from "../../agent";
import { shownBranchIndex } from "./portable-history";
import type { PortableConversation } from "./portable";

export function conversationMarkdown(conversation: PortableConversation): string {
  const shownAt = shownBranchIndex(conversation);
  const shown = conversation.branches[shownAt];
  const lines = [`# ${oneLine(shown.snapshot.title)}`, "", `_Started ${shown.snapshot.createdAt}, last updated ${shown.snapshot.updatedAt}._`, ""];
  const history = fullHistory(conversation, shownAt);
  for (const entry of history) lines.push(...entryMarkdown(entry));
  conversation.branches.forEach((branch, i) => {
    if (i === shownAt) return;
    const parent = branch.snapshot.parent;
    const where = parent ? (parent.seq < 0 ? "before the first message" : `after message ${parent.seq + 1}`) : "";
    lines.push("---", "", `## Another branch (${branch.snapshot.id}), parting ${where}`, "");
    for (const entry of branch.entries) lines.push(...entryMarkdown(entry));
  });
  return `${lines.join("\n").trimEnd()}\n`;
}

/** Every entry of branch `index`: its ancestors' through each fork point, then its own. */
export function fullHistory(conversation: PortableConversation, index: number): EntryRecord[] {
  const byId = new Map(conversation.branches.map((b) => [b.snapshot.id, b]));
  const chain: { entries: EntryRecord[]; through: number }[] = [];
  let branch = conversation.branches[index];
  let through = Number.MAX_SAFE_INTEGER;
  for (let guard = 0; branch && guard <= conversation.branches.length; guard++) {
    chain.unshift({ entries: branch.entries, through });
    const parent = branch.snapshot.parent;
    if (!parent) break;
    through = parent.seq;
    branch = byId.get(parent.id)!;
  }
  return chain.flatMap((link) => link.entries.filter((e) => e.seq <= link.through));
}

function entryMarkdown(entry: EntryRecord): string[] {
  const record = entry as EntryRecord & Record<string, unknown>;
  switch (entry.kind) {
    case "user":
      return [`**You** (${entry.at})`, "", entry.text, ""];
    case "assistant":
      return assistantMarkdown(record);
    case "tool_result":
      return [`**Result of ${String(record.name)}** (${String(record.status)})`, "", fence(entry.text), ""];
    case "compaction":
      return [`_Earlier messages were condensed:_`, "", quote(entry.text), ""];
    case "notice":
      return [`_Notice:_ ${entry.text}`, ""];
    case "error":
      return [`_Error (${String(record.name)}):_ ${entry.text}`, ""];
    default:
      return [];
  }
}

function assistantMarkdown(entry: Record<string, unknown>): string[] {
  const lines = [`**Assistant** (${String(entry.at)})`, ""];
  const content = Array.isArray(entry.content) ? (entry.content as Record<string, unknown>[]) : [];
  for (const block of content) {
    if (block.type === "text" && typeof block.text === "string") lines.push(block.text, "");
    if (block.type === "tool_use") lines.push(`Tool call \`${String(block.name)}\`:`, "", fence(JSON.stringify(block.input ?? {}, null, 2), "json"), "");
  }
  return lines;
}

/** A fenced block whose fence is longer than any run of backticks inside it. */
function fence(text: string, language = ""): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = "`".repeat(longest + 1);
  return `${bar}${language}\n${text}\n${bar}`;
}

function quote(text: string): string {
  return text.split("\n").map((line) => `> ${line}`).join("\n");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim() || "Untitled conversation";
}
