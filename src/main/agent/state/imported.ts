/**
 * A snapshot that came from elsewhere (a file, another program, another store) is data,
 * never a decision: its question and answer lose any seal (they were not given here), an
 * answer becomes its question again, and the next run asks it again from the call's input
 * (run/answered-call.ts). Calls left open need nothing here: loading gives every open call
 * but the question's the unknown result (restore.ts), so none of them runs.
 */
import type { AnsweredAsk, PendingAsk, Snapshot } from "./snapshot";

/** The question without its digest and seal. */
function unsealed(ask: PendingAsk | AnsweredAsk): PendingAsk {
  const { callId, question, choices, tool } = ask;
  return { callId, question, ...(Array.isArray(choices) ? { choices: [...choices] } : {}), ...(typeof tool === "string" ? { tool } : {}) };
}

export function withoutDecisions<S extends Pick<Snapshot, "pendingAsk" | "answeredAsk">>(snapshot: S): S {
  const { answeredAsk, pendingAsk, ...rest } = snapshot;
  const ask = pendingAsk ?? answeredAsk ?? null;
  return { ...rest, pendingAsk: ask ? unsealed(ask) : null } as S;
}
