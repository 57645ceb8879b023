/**
 * A model turn's words go to the window once. Stored, an assistant entry holds them twice: in
 * `text` (all its words) and in each text block of `content`; a 200 KB reply made every message
 * that carried it 400 KB, and the window's main thread spends time on each byte it takes in.
 * On the wire, a model turn's text blocks say only how many characters of `text` they hold, in
 * order (`TextBlockOnWire`); `contentOf` gives the window the blocks whole again, in either
 * shape. What is saved is unchanged: this is the shape of the entries of a conversation's view
 * and of the `entry` step event (where a run's newest reply travels); pages of older entries
 * are sent as stored.
 */
import type { EntryRecord } from "./wire-types";

/** A text block of a model turn as sent: its words are the next `chars` characters of the entry's `text`. */
export interface TextBlockOnWire {
  type: "text";
  chars: number;
  [key: string]: unknown;
}

type Block = { type?: unknown; text?: unknown; chars?: unknown; [key: string]: unknown };

function isTextBlock(block: unknown): block is Block & { type: "text"; text: string } {
  return typeof block === "object" && block !== null && (block as Block).type === "text" && typeof (block as Block).text === "string";
}

/** `entry` as sent to the window: a model turn's text blocks point into its `text` when they are its words, in order. */
export function withTextOnce(entry: EntryRecord): EntryRecord {
  const content = entry.content;
  if (entry.kind !== "assistant" || !Array.isArray(content)) return entry;
  let at = 0;
  for (const block of content) {
    if (!isTextBlock(block)) continue;
    if (!entry.text.startsWith(block.text, at)) return entry;
    at += block.text.length;
  }
  if (at !== entry.text.length || at === 0) return entry;
  const blocks = content.map((block: unknown) => {
    if (!isTextBlock(block)) return block;
    const { text, ...rest } = block;
    return { ...rest, chars: text.length } satisfies TextBlockOnWire;
  });
  return { ...entry, content: blocks };
}

/** The content blocks of an entry as sent, its text blocks whole (`[]` when it has none). */
export function contentOf(entry: EntryRecord): unknown[] {
  const content = entry.content;
  if (!Array.isArray(content)) return [];
  let at = 0;
  return content.map((block: unknown) => {
    const b = block as Block;
    if (typeof b !== "object" || b === null || b.type !== "text") return block;
    if (typeof b.text === "string") {
      at += b.text.length;
      return block;
    }
    if (typeof b.chars !== "number") return block;
    const { chars, ...rest } = b;
    const text = entry.text.slice(at, at + chars);
    at += chars;
    return { ...rest, text };
  });
}
