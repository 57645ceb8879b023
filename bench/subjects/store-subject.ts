/**
 * Step saves through `Store.write`: one new entry and the new snapshot, exactly the call the
 * Agent makes when a message is added to a conversation that is already saved.
 */
import type { AgentFingerprint } from "../../src/main/agent/state/snapshot";
import type { State } from "../../src/main/agent/state/state";
import { entries, snapshotOf, userEntry } from "../lib/conversation";
import { TextSource } from "../lib/text";
import type { SaveSubject, SubjectFactory } from "./save-subject";
import type { StoreHandle, StoreOpener } from "./store-handle";

export const conversationId = (i: number) => `conversation-${i}`;

/** Creates written at once while seeding (untimed): a store's fsyncs then overlap. */
export const SEED_BATCH = 16;

/** Writes `count` conversations of `length` entries, each in one create write (as saved by `agent`, default the benchmarks' Agent). */
export async function seedConversations(handle: StoreHandle, length: number, count: number, chars = 400, agent?: AgentFingerprint): Promise<void> {
  for (let first = 0; first < count; first += SEED_BATCH) {
    const batch: unknown[] = [];
    for (let i = first; i < Math.min(count, first + SEED_BATCH); i++) {
      const id = conversationId(i);
      batch.push(handle.store.write(id, entries(0, length, new TextSource(i + 1), chars), snapshotOf(id, `Conversation ${i}`, length, agent), { create: true }));
    }
    await Promise.all(batch);
  }
}

/**
 * Conversations of `length` entries for `runs` one-step runs, loaded as States: each gets as
 * many runs as keep its growth within 10% (a run adds 2 entries), run `i` taking `states[i % n]`.
 */
export async function statesForRuns(handle: StoreHandle, length: number, runs: number, chars: number, agent: AgentFingerprint): Promise<State[]> {
  const runsPerConversation = Math.max(1, Math.floor(length / 20));
  const count = Math.ceil(runs / runsPerConversation);
  await seedConversations(handle, length, count, chars, agent);
  const states: State[] = [];
  for (let i = 0; i < count; i++) states.push(await handle.store.load(conversationId(i)));
  return states;
}

class StoreWriteSubject implements SaveSubject {
  private readonly lengths: number[] = [];
  private payload: string | null = null;

  constructor(private readonly handle: StoreHandle) {}

  async prepare(length: number, count: number): Promise<void> {
    await seedConversations(this.handle, length, count);
    for (let i = 0; i < count; i++) this.lengths.push(length);
  }

  async step(index: number, text: string): Promise<void> {
    const id = conversationId(index);
    const seq = this.lengths[index]++;
    const fresh = [userEntry(seq, text)];
    const snapshot = snapshotOf(id, `Conversation ${index}`, seq + 1);
    await this.handle.store.write(id, fresh, snapshot, { create: false });
    this.payload = JSON.stringify(fresh) + JSON.stringify(snapshot);
  }

  storedBytes(): number {
    return this.handle.storedBytes();
  }

  lastPayload(): string | null {
    return this.payload;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

export function storeWriteSubject(key: string, label: string, open: StoreOpener): SubjectFactory {
  return { key, level: "store", label, open: (folder) => new StoreWriteSubject(open(folder)) };
}
