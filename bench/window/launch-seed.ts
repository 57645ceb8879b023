/**
 * The data folder of the launch benchmark: many short conversations and, newest, one long
 * one that was open at the last quit (the window-state file says so), as a person with a
 * long history who quit in the middle of a long conversation has.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { SETTINGS_FILE_NAME, SETTINGS_VERSION } from "../../src/main/service/settings/settings-file";
import { WINDOW_STATE_FILE_NAME, WINDOW_STATE_VERSION } from "../../src/main/service/window-state";
import { assistantEntry, snapshotOf, userEntry } from "../lib/conversation";
import { TextSource } from "../lib/text";

export const LAUNCH_OPEN_ID = "long-conversation";

/**
 * `language`: the window's language as the settings file keeps it (e.g. "de", "ja"), so the launch
 * loads that catalogue; null leaves the setting at "system" (English in the benchmark's browser).
 */
export function seedLaunchData(dataFolder: string, conversations: number, messages: number, chars: number, language: string | null = null): void {
  if (language) writeFileSync(path.join(dataFolder, SETTINGS_FILE_NAME), `${JSON.stringify({ version: SETTINGS_VERSION, language }, null, 2)}\n`);
  const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME), { synchronous: "NORMAL" });
  try {
    const text = new TextSource(23);
    for (let i = 0; i < conversations; i++) {
      const id = `conversation-${i}`;
      const records = [userEntry(0, text.text(80)), assistantEntry(1, text.text(chars))];
      const updatedAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      store.write(id, records, { ...snapshotOf(id, `Conversation ${i}: ${records[0].text.slice(0, 40)}`, 2), updatedAt }, { create: true });
    }
    const records = Array.from({ length: messages }, (_, seq) => (seq % 2 === 0 ? userEntry(seq, text.text(chars)) : assistantEntry(seq, text.text(chars))));
    store.write(LAUNCH_OPEN_ID, records, { ...snapshotOf(LAUNCH_OPEN_ID, "A very long conversation", messages), updatedAt: new Date().toISOString() }, { create: true });
  } finally {
    store.close();
  }
  writeFileSync(path.join(dataFolder, WINDOW_STATE_FILE_NAME), `${JSON.stringify({ version: WINDOW_STATE_VERSION, openConversationId: LAUNCH_OPEN_ID })}\n`);
}
