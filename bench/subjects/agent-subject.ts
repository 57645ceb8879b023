/**
 * Step saves through the library's own path: `state.addUserMessage(text)` then
 * `agent.save(state)` on conversations loaded from the store, as the app does when the
 * person sends a message.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { Agent } from "../../src/main/agent/agent";
import type { State } from "../../src/main/agent/state";
import { benchAgent } from "../lib/bench-agent";
import type { SaveSubject, SubjectFactory } from "./save-subject";
import type { StoreHandle, StoreOpener } from "./store-handle";
import { conversationId, seedConversations } from "./store-subject";

/** An Agent that never calls a model here: saving needs none. */
export function offlineAgent(handle: StoreHandle): Agent {
  const client = new Anthropic({ apiKey: "bench", baseURL: "http://127.0.0.1:9" });
  return benchAgent(handle.store, client);
}

class AgentSaveSubject implements SaveSubject {
  private readonly agent: Agent;
  private readonly states: State[] = [];

  constructor(private readonly handle: StoreHandle) {
    this.agent = offlineAgent(handle);
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

  lastPayload(): string | null {
    return null;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

export function agentSaveSubject(key: string, label: string, open: StoreOpener): SubjectFactory {
  return { key, level: "agent", label, open: (folder) => new AgentSaveSubject(open(folder)) };
}
