/**
 * The data folder the window opens: one long conversation (the newest, so it is first in
 * the sidebar) and a few short ones, written with SqliteStore into the app's database file.
 * The long one ends with a compaction a few entries before its end, as a conversation that
 * long would have, so a new message does not first summarise thousands of messages.
 */
import path from "node:path";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { assistantEntry, snapshotOf, timeOf, userEntry } from "../lib/conversation";
import { TextSource } from "../lib/text";

export const LONG_ID = "long-conversation";
export const SHORT_ID = (i: number) => `short-conversation-${i}`;
export const SHORT_COUNT = 20;
/** The newest short conversation: second in the sidebar, opened between opens of the long one. */
export const OTHER_ID = SHORT_ID(SHORT_COUNT - 1);

/** Now and then a reply with Markdown: a list and a code block, as real replies have. */
function replyText(text: TextSource, i: number, chars: number): string {
  if (i % 10 !== 3) return text.text(chars);
  return `${text.text(chars / 2)}\n\n- ${text.text(40)}\n- ${text.text(40)}\n\n\`\`\`ts\nconst saved = await store.write(id, entries, snapshot);\n\`\`\`\n`;
}

/** Words from the long conversation's first message, to recognise it on the page. */
export function firstMessageWords(messages: number, chars: number): string {
  return String(longConversation(messages, chars)[0].text).slice(0, 60);
}

function longConversation(messages: number, chars: number): EntryRecord[] {
  const text = new TextSource(41);
  const records: EntryRecord[] = [];
  for (let seq = 0; seq < messages; seq++) {
    if (seq === messages - 4) {
      records.push({ seq, kind: "compaction", text: text.text(chars), at: timeOf(seq), error: null, through: seq - 1 } as EntryRecord);
    } else {
      records.push(seq % 2 === 0 ? userEntry(seq, text.text(chars)) : assistantEntry(seq, replyText(text, seq, chars)));
    }
  }
  return records;
}

export function seedWindowData(dataFolder: string, messages: number, chars: number): void {
  const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME));
  try {
    const text = new TextSource(42);
    for (let i = 0; i < SHORT_COUNT; i++) {
      const id = SHORT_ID(i);
      const records = [userEntry(0, text.text(120)), assistantEntry(1, text.text(chars))];
      store.write(id, records, { ...snapshotOf(id, records[0].text.slice(0, 60), 2), updatedAt: timeOf(i) }, { create: true });
    }
    const records = longConversation(messages, chars);
    store.write(LONG_ID, records, { ...snapshotOf(LONG_ID, "A very long conversation", messages), updatedAt: new Date().toISOString() }, { create: true });
  } finally {
    store.close();
  }
}
