/**
 * Fills a data folder's database with many saved conversations, through the library
 * (Agent.save on a SqliteStore), before the host opens it: the sidebar's ten thousand
 * and one conversation of five thousand messages.
 */
import fs from "node:fs";
import path from "node:path";
import { Agent, SqliteStore, State } from "../../../src/main/agent";
import { appendEntry } from "../../../src/main/agent/state/state";
import { DATABASE_FILE_NAME } from "../../../src/main/service/conversations/conversation-store";

const MODEL = "claude-sonnet-4-6";

function addReply(state: State, text: string): void {
  appendEntry(state, { kind: "assistant", text, content: [{ type: "text", text }], stopReason: "end_turn", model: MODEL });
}

export interface SeedResult {
  /** Ids of the short conversations, oldest first. */
  ids: string[];
  longId: string | null;
}

export async function seedConversations(dataFolder: string, options: { count: number; longMessages?: number }): Promise<SeedResult> {
  fs.mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  // Seeding needs no durability: the host reopens the file with its own settings.
  const store = new SqliteStore(path.join(dataFolder, DATABASE_FILE_NAME), { synchronous: "NORMAL" });
  const agent = new Agent({ model: MODEL, system: "seed", store });
  const ids: string[] = [];
  try {
    for (let i = 1; i <= options.count; i++) {
      const state = new State(`Conversation number ${i}`);
      addReply(state, `Reply to conversation ${i}.`);
      state.stoppedBy = "end_turn";
      await agent.save(state);
      ids.push(state.id);
    }
    let longId: string | null = null;
    if (options.longMessages) {
      const state = new State("A very long conversation");
      addReply(state, "Reply 1: let us begin.");
      for (let n = 2; n * 2 <= options.longMessages; n++) {
        state.addUserMessage(`Message ${n}: tell me more.`);
        addReply(state, `Reply ${n}: here is **more**, with \`code\` and a list:\n\n- point ${n}.a\n- point ${n}.b`);
      }
      state.stoppedBy = "end_turn";
      await agent.save(state);
      longId = state.id;
    }
    return { ids, longId };
  } finally {
    store.close();
  }
}
