/**
 * A child process for the SIGTERM-between-runs test: with abortOnSignals on, it saves a new
 * message with agent.save (no run in progress) to a FileStore whose write stops between the
 * entries and the snapshot, prints "mid-save", and finishes the write a moment later.
 * Env: STORE_DIR, STATE_ID.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Agent, FileStore, State, abortOnSignals } from "../../../src/main/agent";
import type { EntryRecord } from "../../../src/main/agent/state/history";
import type { Snapshot } from "../../../src/main/agent/state/snapshot";
import type { WriteOptions } from "../../../src/main/agent/stores/store";

class SlowSnapshotStore extends FileStore {
  slow = false;

  override async write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): Promise<void> {
    if (!this.slow) return super.write(stateId, entries, snapshot, options);
    await super.write(stateId, entries, null, options);
    console.log("mid-save");
    await new Promise((resolve) => setTimeout(resolve, 400));
    await super.write(stateId, [], snapshot, options);
  }
}

abortOnSignals();
const store = new SlowSnapshotStore(process.env.STORE_DIR!);
const agent = new Agent({ model: "claude-sonnet-4-6", store, client: new Anthropic({ apiKey: "unused", baseURL: "http://127.0.0.1:9" }) });
const state = new State("Plan the trip", { id: process.env.STATE_ID! });
await agent.save(state);
state.addUserMessage("Add a day in Porto");
store.slow = true;
await agent.save(state);
console.log("saved");
