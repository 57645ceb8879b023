/**
 * Approvals bound to exactly what runs. A question asked of the person (an `ask`, or a tool's
 * `askPerson`) records a digest of the call it is about, (tool, input), and a seal: an HMAC
 * of the question with a key of this installation. The answer the person gives here is
 * sealed the same way, with the answer in it. A call runs with an answer only when the
 * answer's seal holds and its digest is the digest of the call's input as stored now; a
 * question is shown only when its seal holds. Anything else (an imported file, another
 * machine's store, an old snapshot, a forged or edited one) is asked again, from the call.
 *
 * Without a key (a program that gives none), seals are plain digests: still bound to the
 * input, but anyone could make one; an app that imports or shares States gives a key.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { AnsweredAsk, PendingAsk } from "../state/snapshot";
import { ASK_TOOL } from "../tools/tool";
import { type State, stateBook } from "../state/state";
import { canonicalJson } from "../state/canonical-json";

/** A secret of this installation (at least 16 bytes), kept where no shared file goes. */
export type ApprovalKey = string | Uint8Array;

export const MIN_APPROVAL_KEY_BYTES = 16;

/** A call as the seal sees it: its id, its tool and its input, as stored. */
export interface SealedCall {
  id: string;
  name: string;
  input: unknown;
}

export class ApprovalSealer {
  private readonly key: Buffer | null;

  constructor(key: ApprovalKey | null | undefined) {
    if (key === null || key === undefined) {
      this.key = null;
      return;
    }
    const bytes = typeof key === "string" ? Buffer.from(key, "utf8") : Buffer.from(key);
    if (bytes.length < MIN_APPROVAL_KEY_BYTES) throw new RangeError(`approvalKey must have at least ${MIN_APPROVAL_KEY_BYTES} bytes.`);
    this.key = bytes;
  }

  /** The digest of (tool, input): what the question and the answer are about. */
  digest(tool: string, input: unknown): string {
    return createHash("sha256").update(canonicalJson([tool, input ?? null])).digest("hex");
  }

  /** The question with its digest and seal, for `call`. */
  sealAsk(ask: PendingAsk, call: SealedCall): PendingAsk {
    const { seal: _seal, digest: _digest, ...plain } = ask;
    const digest = this.digest(call.name, call.input);
    return { ...plain, digest, seal: this.mac("ask", askFields({ ...plain, digest })) };
  }

  /** The question's seal holds: asked here, as it is now (text, choices, call and digest). */
  askHolds(ask: PendingAsk): boolean {
    return typeof ask.seal === "string" && typeof ask.digest === "string" && this.same(ask.seal, this.mac("ask", askFields(ask)));
  }

  /** The question holds and is about exactly this call as stored now. */
  askHoldsFor(ask: PendingAsk, call: SealedCall): boolean {
    return this.askHolds(ask) && ask.callId === call.id && (ask.tool ?? ASK_TOOL) === call.name && ask.digest === this.digest(call.name, call.input);
  }

  /** Seal an answer given here to a question whose seal holds; otherwise the answer carries no seal (and is asked again). */
  sealAnswer(answered: AnsweredAsk): AnsweredAsk {
    const { seal, digest, ...plain } = answered;
    const asked: PendingAsk = { callId: answered.callId, question: answered.question, tool: answered.tool, ...(answered.choices ? { choices: answered.choices } : {}), ...(digest ? { digest } : {}), ...(seal ? { seal } : {}) };
    if (!digest || !this.askHolds(asked)) return plain;
    return { ...plain, digest, seal: this.mac("answer", [...askFields(asked), answered.answer]) };
  }

  /** The answer's seal holds: given here to this question (whether the call's input still matches is `answerHoldsFor`). */
  answerHolds(answered: AnsweredAsk): boolean {
    if (typeof answered.seal !== "string" || typeof answered.digest !== "string") return false;
    const fields = askFields({ callId: answered.callId, question: answered.question, tool: answered.tool, choices: answered.choices, digest: answered.digest });
    return this.same(answered.seal, this.mac("answer", [...fields, answered.answer]));
  }

  /** The answer was given here, to exactly this call as stored now. */
  answerHoldsFor(answered: AnsweredAsk, call: SealedCall): boolean {
    if (answered.digest !== this.digest(call.name, call.input) || answered.callId !== call.id || answered.tool !== call.name) return false;
    return this.answerHolds(answered);
  }

  /** A seal of any other decision the person made here (e.g. an app's "allowed in this conversation"). */
  sealDecision(kind: string, fields: unknown[]): string {
    return this.mac(`decision:${kind}`, fields);
  }

  decisionHolds(seal: unknown, kind: string, fields: unknown[]): boolean {
    return typeof seal === "string" && this.same(seal, this.sealDecision(kind, fields));
  }

  private mac(kind: string, fields: unknown[]): string {
    const text = canonicalJson([kind, ...fields]);
    return this.key ? createHmac("sha256", this.key).update(text).digest("hex") : createHash("sha256").update(text).digest("hex");
  }

  private same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }
}

function askFields(ask: PendingAsk): unknown[] {
  return [ask.callId, ask.tool ?? null, ask.digest ?? null, ask.question, ask.choices ?? null];
}

/** An answer `addUserMessage` gave in this process is sealed with the installation's key (when its question held). */
export function sealAnswerGivenHere(state: State, sealer: ApprovalSealer): void {
  const book = state[stateBook];
  if (!book.answeredHere) return;
  book.answeredHere = false;
  if (state.answeredAsk) state.answeredAsk = sealer.sealAnswer(state.answeredAsk);
}
