/** The naive baseline as a save subject: the whole conversation rewritten per save. */
import path from "node:path";
import { NaiveJsonStore, type NaiveConversation } from "../baselines/naive-json-store";
import { entries, timeOf, userEntry } from "../lib/conversation";
import { sizeOnDisk } from "../lib/io";
import { TextSource } from "../lib/text";
import type { SaveSubject, SubjectFactory } from "./save-subject";
import { SEED_BATCH } from "./store-subject";

class NaiveSubject implements SaveSubject {
  private readonly store: NaiveJsonStore;
  private readonly conversations: NaiveConversation[] = [];

  constructor(folder: string) {
    this.store = new NaiveJsonStore(path.join(folder, "naive"));
  }

  async prepare(length: number, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      this.conversations.push({
        id: `conversation-${i}`,
        title: `Conversation ${i}`,
        updatedAt: timeOf(length),
        messages: entries(0, length, new TextSource(i + 1), 400),
      });
    }
    for (let first = 0; first < count; first += SEED_BATCH) {
      await Promise.all(this.conversations.slice(first, first + SEED_BATCH).map((conversation) => this.store.save(conversation)));
    }
  }

  async step(index: number, text: string): Promise<void> {
    const conversation = this.conversations[index];
    const seq = conversation.messages.length;
    conversation.messages.push(userEntry(seq, text));
    conversation.updatedAt = timeOf(seq);
    await this.store.save(conversation);
  }

  storedBytes(): number {
    return sizeOnDisk(this.store.folder);
  }

  lastPayload(): string | null {
    return null;
  }

  async close(): Promise<void> {}
}

export const naiveSubject: SubjectFactory = {
  key: "naive",
  level: "doc",
  label: "naive JSON rewrite",
  open: (folder) => new NaiveSubject(folder),
};
