/**
 * Step saves through the library's own path: `state.addUserMessage(text)` then
 * `agent.save(state)` on conversations loaded from the store, as the app does when the
 * person sends a message. The store times its own calls, so a save splits into the write
 * itself and whatever else the Agent asks of the store (such as taking a lease).
 */
import Anthropic from "@anthropic-ai/sdk";
import type { Agent } from "../../src/main/agent/run/agent";
import type { State } from "../../src/main/agent/state/state";
import { benchAgent } from "../lib/bench-agent";
import type { SaveSubject, SubjectFactory } from "./save-subject";
import type { StoreHandle, StoreOpener } from "./store-handle";
import { conversationId, seedConversations } from "./store-subject";
import { type StoreTimes, timeStoreCalls } from "./timed-store";

/** An Agent that never calls a model here: saving needs none. */
export function offlineAgent(handle: StoreHandle): Agent {
  const client = new Anthropic({ apiKey: "bench", baseURL: "http://127.0.0.1:9" });
  return benchAgent(handle.store, client);
}

class AgentSaveSubject implements SaveSubject {
  private readonly agent: Agent;
  private readonly states: State[] = [];
  /** What the Agent handed the store last (kept by reference; turned into JSON only when asked). */
  private lastWrite: unknown[] | null = null;
  private readonly times: StoreTimes;

  constructor(private readonly handle: StoreHandle) {
    this.agent = offlineAgent(handle);
    const store = timeStoreCalls(handle.store);
    this.times = store.times;
    const write = store.write.bind(store);
    store.write = (stateId, entries, snapshot, options) => {
      this.lastWrite = [entries, snapshot];
      return write(stateId, entries, snapshot, options);
    };
    // A save outside a run reaches the store through writeIfCurrent.
    const writeIfCurrent = store.writeIfCurrent.bind(store);
    store.writeIfCurrent = (stateId, entries, snapshot, check) => {
      this.lastWrite = [entries, snapshot];
      return writeIfCurrent(stateId, entries, snapshot, check);
    };
  }

  async prepare(length: number, count: number): Promise<void> {
    await seedConversations(this.handle, length, count);
    for (let i = 0; i < count; i++) this.states.push(await this.handle.store.load(conversationId(i)));
  }

  async step(index: number, text: string): Promise<void> {
    const state = this.states[index];
    state.addUserMessage(text);
    await this.agent.save(state);
  }

  storedBytes(): number {
    return this.handle.storedBytes();
  }

  storeTimes(): StoreTimes {
    return this.times;
  }

  lastPayload(): string | null {
    return this.lastWrite ? this.lastWrite.map((part) => JSON.stringify(part)).join("") : null;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

export function agentSaveSubject(key: string, label: string, open: StoreOpener): SubjectFactory {
  return { key, level: "agent", label, open: (folder) => new AgentSaveSubject(open(folder)) };
}
