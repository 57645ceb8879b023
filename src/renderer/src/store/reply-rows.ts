/**
 * The row a streamed reply is shown in keeps its elements when the reply is saved: the saved
 * reply's row takes the key of the row that showed the words (`r<id>` of the streamed text), so
 * React keeps the same elements instead of making the reply again and taking the streamed copy
 * down. For a 200 KB reply that is thousands of elements neither made nor thrown away at its end.
 */
import type { StepEvent } from "../../../shared/wire-types";
import type { StreamedText } from "../lib/streamed-text";
import type { DisplayItem } from "./display-items";
import type { LiveRun } from "./live-run";

/** Seq of a saved reply → the key of the row that showed it while it streamed. */
export type ReplyRowKeys = Readonly<Record<number, string>>;

export const NO_REPLY_ROWS: ReplyRowKeys = Object.freeze({});

/** The key of the row showing `stream`; null before its first words. */
export function replyRowKey(stream: StreamedText): string | null {
  return stream.length > 0 ? `r${stream.id}` : null;
}

/** The saved reply that takes over the streamed reply's row with `event`, if it does. */
export function replyTakingRow(run: LiveRun | undefined, event: StepEvent): { seq: number; key: string } | null {
  if (!run || event.type !== "entry") return null;
  const entry = event.entry as { kind?: unknown; seq?: unknown };
  const key = replyRowKey(run.stream);
  return key && entry.kind === "assistant" && typeof entry.seq === "number" ? { seq: entry.seq, key } : null;
}

/**
 * `items` with each saved reply that was streamed here keyed as the row that showed it: its last
 * text row (the one the streamed words became).
 */
export function withReplyRowKeys(items: DisplayItem[], keys: ReplyRowKeys): DisplayItem[] {
  let renamed: DisplayItem[] | null = null;
  for (const seqText in keys) {
    const seq = Number(seqText);
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item.seq < seq) break;
      if (item.seq !== seq || item.kind !== "assistant") continue;
      renamed ??= [...items];
      renamed[i] = { ...item, key: keys[seq] };
      break;
    }
  }
  return renamed ?? items;
}
