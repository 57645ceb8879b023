/**
 * Turns a conversation's history into the rows the window shows: the person's messages,
 * the model's text, one card per tool call (paired with its result), questions asked,
 * compaction notices, notices and errors. Pure, so the long-conversation path stays cheap.
 */
import type { HistoryEntryView } from "../../../shared/view-types";
import type { ToolCallStatus } from "../../../shared/wire-types";
import type { AttachmentView } from "../../../shared/usage-types";
import { contentOf } from "../../../shared/reply-text";

/** Tokens of one reply, as saved with it. */
export interface ReplyUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /** The reply was stopped while being written: its output count never arrived (not shown). */
  partial?: boolean;
}

export const ASK_TOOL = "ask";
export const FINISH_TOOL = "finish";

export interface ToolResultView {
  status: ToolCallStatus;
  text: string;
  seq: number;
  /** Images the tool returned (base64), shown as images; never anything that runs. */
  images?: { mediaType: string; data: string }[];
}

const SHOWN_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** The images among a tool result's content blocks. */
function imagesOf(content: unknown): { mediaType: string; data: string }[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const images = content.flatMap((block) => {
    const source = (block as { type?: unknown; source?: { media_type?: unknown; data?: unknown } })?.source;
    const ok = (block as { type?: unknown }).type === "image" && typeof source?.data === "string" && SHOWN_IMAGE_TYPES.has(String(source?.media_type));
    return ok ? [{ mediaType: String(source!.media_type), data: String(source!.data) }] : [];
  });
  return images.length ? images : undefined;
}

/** `switcher`: the one row of its entry that carries the branch switcher (see `placeSwitchers`). */
export type DisplayItem = (
  | { kind: "user"; key: string; seq: number; text: string; at: string; answersCallId: string | null; attachments: AttachmentView[] }
  /**
   * `partial`: the run was stopped while this reply was being written; the text is what had arrived.
   * `live`: the row of a reply being written in that conversation (seq -1), its words read from the
   * store; `leaving`: its reply ended unsaved and it is being taken down (see use-reply-tail.ts).
   */
  | { kind: "assistant"; key: string; seq: number; text: string; at: string; partial?: boolean; live?: string; leaving?: boolean }
  | { kind: "thinking"; key: string; seq: number; text: string; redacted: boolean; ms: number | null }
  | { kind: "usage"; key: string; seq: number; usage: ReplyUsage; model: string }
  | { kind: "tool"; key: string; seq: number; callId: string; name: string; input: unknown; result: ToolResultView | null }
  | { kind: "ask"; key: string; seq: number; callId: string; question: string; choices: string[] | null; answer: string | null }
  | { kind: "finish"; key: string; seq: number; callId: string; answer: string }
  | { kind: "compaction"; key: string; seq: number; text: string; through: number }
  | { kind: "notice"; key: string; seq: number; text: string; calls: { id: string; name: string }[] }
  | { kind: "error"; key: string; seq: number; name: string; text: string }
) & { switcher?: boolean };

interface ContentBlockView {
  type: string;
  text?: string;
  thinking?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

export function buildDisplayItems(entries: HistoryEntryView[]): DisplayItem[] {
  const results = new Map<string, ToolResultView>();
  const answers = new Map<string, string>();
  for (const entry of entries) {
    if (entry.kind === "tool_result") {
      const images = imagesOf(entry.content);
      results.set(String(entry.callId), { status: entry.status as ToolCallStatus, text: entry.text, seq: entry.seq, ...(images ? { images } : {}) });
    } else if (entry.kind === "user" && typeof entry.answersCallId === "string") {
      answers.set(entry.answersCallId, entry.text);
    }
  }

  const items: DisplayItem[] = [];
  for (const entry of entries) {
    const seq = entry.seq;
    switch (entry.kind) {
      case "user":
        items.push({
          kind: "user",
          key: `u${seq}`,
          seq,
          text: entry.text,
          at: entry.at,
          answersCallId: typeof entry.answersCallId === "string" ? entry.answersCallId : null,
          attachments: Array.isArray(entry.attachments) ? (entry.attachments as AttachmentView[]) : [],
        });
        break;
      case "assistant": {
        const blocks = contentOf(entry) as ContentBlockView[];
        let thoughtTime = typeof entry.thinkingMs === "number" ? entry.thinkingMs : null;
        const cutAt = entry.partial === true ? lastTextIndex(blocks) : -1;
        blocks.forEach((block, index) => {
          const key = `a${seq}.${index}`;
          if (block.type === "thinking" || block.type === "redacted_thinking") {
            items.push({ kind: "thinking", key, seq, text: block.thinking ?? "", redacted: block.type === "redacted_thinking", ms: thoughtTime });
            thoughtTime = null; // the time covers all of the turn's thinking: told once
          } else if (block.type === "text" && block.text?.trim()) {
            items.push({ kind: "assistant", key, seq, text: block.text, at: entry.at, ...(index === cutAt ? { partial: true } : {}) });
          } else if (block.type === "tool_use" && block.id && block.name) {
            items.push(toolItem(key, seq, block as Required<ContentBlockView>, results, answers));
          }
        });
        if (entry.usage && typeof entry.usage === "object") items.push({ kind: "usage", key: `m${seq}`, seq, usage: usageOfReply(entry.usage as ReplyUsage, entry.partial === true), model: String(entry.model ?? "") });
        break;
      }
      case "compaction":
        items.push({ kind: "compaction", key: `c${seq}`, seq, text: entry.text, through: Number(entry.through) });
        break;
      case "notice":
        items.push({
          kind: "notice",
          key: `n${seq}`,
          seq,
          text: entry.text,
          calls: Array.isArray(entry.calls) ? (entry.calls as { id: string; name: string }[]) : [],
        });
        break;
      case "error":
        items.push({ kind: "error", key: `e${seq}`, seq, name: String(entry.name ?? "Error"), text: entry.text });
        break;
      case "tool_result":
        // Shown inside its call's card.
        break;
    }
  }
  return placeSwitchers(items);
}

/** Where a stopped reply was cut: its last text block (-1: none). */
function lastTextIndex(blocks: ContentBlockView[]): number {
  for (let i = blocks.length - 1; i >= 0; i--) if (blocks[i].type === "text" && blocks[i].text?.trim()) return i;
  return -1;
}

/**
 * An entry may show as several rows (thinking, text, tool cards, usage); its branch switcher
 * goes on one of them only: its message or reply when it has one, else its first row.
 */
function placeSwitchers(items: DisplayItem[]): DisplayItem[] {
  const chosen = new Map<number, DisplayItem>();
  for (const item of items) {
    const current = chosen.get(item.seq);
    const speaks = item.kind === "user" || item.kind === "assistant";
    if (!current || (speaks && current.kind !== "user" && current.kind !== "assistant")) chosen.set(item.seq, item);
  }
  for (const item of chosen.values()) item.switcher = true;
  return items;
}

function toolItem(
  key: string,
  seq: number,
  block: { id: string; name: string; input: unknown },
  results: Map<string, ToolResultView>,
  answers: Map<string, string>,
): DisplayItem {
  const input = (block.input ?? {}) as Record<string, unknown>;
  if (block.name === ASK_TOOL) {
    const choices = Array.isArray(input.choices) ? input.choices.map(String) : null;
    return {
      kind: "ask",
      key,
      seq,
      callId: block.id,
      question: String(input.question ?? ""),
      choices,
      answer: answers.get(block.id) ?? null,
    };
  }
  if (block.name === FINISH_TOOL) {
    const answer = typeof input.answer === "string" ? input.answer : JSON.stringify(input.answer ?? null, null, 2);
    return { kind: "finish", key, seq, callId: block.id, answer };
  }
  return { kind: "tool", key, seq, callId: block.id, name: block.name, input: block.input, result: results.get(block.id) ?? null };
}

function usageOfReply(usage: ReplyUsage, partial: boolean): ReplyUsage {
  return partial ? { ...usage, partial: true } : usage;
}
