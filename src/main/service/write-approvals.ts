/**
 * The person's approval of file writes. `write_file` waits here, inside its run, until
 * the person answers Allow or Deny; meanwhile the conversation's view shows the
 * question as its pending ask with those two choices. An abort of the run (Stop, quit)
 * ends the wait, and the library closes the call as aborted; a kill leaves the call
 * without a result, which the library turns into the unknown result on the next load,
 * so a write that may have happened is never repeated.
 */
import type { PendingAsk } from "../agent";
import { InvalidChoiceError } from "./service-errors";

export const APPROVAL_CHOICES = ["Allow", "Deny"] as const;
export type ApprovalDecision = (typeof APPROVAL_CHOICES)[number];

interface Waiting {
  callId: string;
  question: string;
  decide(decision: ApprovalDecision): void;
}

export class WriteApprovals {
  /** Per conversation, the writes waiting for an answer, oldest first (tools of one turn run at once). */
  private readonly waiting = new Map<string, Waiting[]>();

  /** `onChange` is told when a conversation's pending question changes. */
  constructor(private readonly onChange: (conversationId: string) => void = () => {}) {}

  /** Wait for the person's decision on one write. Rejects with the abort reason when the run is aborted. */
  request(conversationId: string, callId: string, question: string, signal: AbortSignal): Promise<ApprovalDecision> {
    signal.throwIfAborted();
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const entry: Waiting = {
        callId,
        question,
        decide: (decision) => {
          this.remove(conversationId, entry);
          signal.removeEventListener("abort", onAbort);
          resolve(decision);
        },
      };
      const onAbort = () => {
        this.remove(conversationId, entry);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const queue = this.waiting.get(conversationId) ?? [];
      queue.push(entry);
      this.waiting.set(conversationId, queue);
      if (queue.length === 1) this.onChange(conversationId);
    });
  }

  /** The write question the conversation shows now, if any. */
  pending(conversationId: string): PendingAsk | null {
    const first = this.waiting.get(conversationId)?.[0];
    return first ? { callId: first.callId, question: first.question, choices: [...APPROVAL_CHOICES] } : null;
  }

  /** Answer the conversation's pending write question. False when none waits. */
  decide(conversationId: string, answer: string): boolean {
    const first = this.waiting.get(conversationId)?.[0];
    if (!first) return false;
    const decision = APPROVAL_CHOICES.find((choice) => choice.toLowerCase() === answer.trim().toLowerCase());
    if (!decision) throw new InvalidChoiceError(answer, APPROVAL_CHOICES);
    first.decide(decision);
    return true;
  }

  private remove(conversationId: string, entry: Waiting): void {
    const queue = this.waiting.get(conversationId);
    if (!queue) return;
    const wasFirst = queue[0] === entry;
    const index = queue.indexOf(entry);
    if (index >= 0) queue.splice(index, 1);
    if (queue.length === 0) this.waiting.delete(conversationId);
    if (wasFirst) this.onChange(conversationId);
  }
}
