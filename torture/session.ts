/**
 * An in-process torture conversation: the store under test behind a FaultStore (faults
 * planned or none, every acknowledged write logged), an Agent with the torture tools on
 * the scripted model server, and a new State. For scenarios that need no child process.
 */
import Anthropic from "@anthropic-ai/sdk";
import { join } from "node:path";
import { Agent, State, type Store } from "../src/main/agent";
import { appendAcks } from "./ack-log";
import { roundMessage } from "./conversation-script";
import { conversationFinished } from "./conversation-progress";
import { FaultStore, type FaultStoreHooks } from "./fault-store";
import { checkFinished, type CheckResult } from "./invariants";
import { tortureTools } from "./tools";
import { TORTURE_MODEL, TORTURE_SYSTEM } from "./worker";

export interface SessionOptions {
  /** The store under test (opened by the caller, closed by `close()`). */
  store: Store;
  stateId: string;
  /** Where the ack log and side-effects file go. */
  scratch: string;
  modelUrl: string;
  rounds: number;
  turns: number;
  /** How long the slow tool takes in this conversation (default: the campaign's pace). */
  slowMs?: number;
  contextBudget: number | null;
  /** Appended to the task (e.g. `failsOnce(...)`). */
  taskSuffix?: string;
  plan?: FaultStoreHooks["plan"];
  onFault?: FaultStoreHooks["onFault"];
}

export interface Session {
  store: FaultStore;
  agent: Agent;
  state: State;
  ackFile: string;
  sideEffectsFile: string;
  /** The end-of-run checks of the campaign on this session's State. */
  checkFinished(store?: Store): Promise<CheckResult>;
  close(): void;
}

export function openSession(options: SessionOptions): Session {
  const ackFile = join(options.scratch, `${options.stateId}.acks.jsonl`);
  const sideEffectsFile = join(options.scratch, `${options.stateId}.effects.jsonl`);
  const store = new FaultStore(options.store, {
    plan: options.plan,
    onFault: options.onFault,
    onAck: (call) => appendAcks(ackFile, call.stateId, call.entries),
  });
  const agent = new Agent({
    model: TORTURE_MODEL,
    system: TORTURE_SYSTEM,
    store,
    tools: tortureTools(sideEffectsFile),
    client: new Anthropic({ apiKey: "torture-key", baseURL: options.modelUrl, maxRetries: 1 }),
    ...(options.contextBudget ? { contextBudget: options.contextBudget } : {}),
  });
  const state = new State(roundMessage(0, options.turns, options.slowMs) + (options.taskSuffix ?? ""), { id: options.stateId });
  return {
    store,
    agent,
    state,
    ackFile,
    sideEffectsFile,
    checkFinished: (other) =>
      checkFinished({
        store: other ?? store,
        stateId: state.id,
        ackFile,
        sideEffectsFile,
        unknownCalls: new Set(),
        finished: (s) => conversationFinished(s.history, s.stoppedBy, options.rounds),
      }),
    close: () => (options.store as { close?: () => void }).close?.(),
  };
}
