/**
 * Deterministic prose-like text, so every run (and both stores and the baseline) saves the
 * same bytes. A small linear congruential generator picks words; no randomness between runs.
 */

const WORDS = (
  "the a store saves every step of conversation as it happens so run survives quit crash kill " +
  "update model tool result message person answer question file folder window sidebar stream " +
  "token history entry snapshot write read list search delete load resume agent state durable " +
  "commit page index query scroll paint memory budget summary compaction notice error abort"
).split(" ");

export class TextSource {
  private seed: number;

  constructor(seed = 7) {
    this.seed = seed >>> 0;
  }

  private next(): number {
    this.seed = (Math.imul(this.seed, 1664525) + 1013904223) >>> 0;
    return this.seed;
  }

  /** About `length` characters of words, ending with a full stop, exactly `length` long. */
  text(length = 400): string {
    let out = "";
    while (out.length < length) out += (out ? " " : "") + WORDS[this.next() % WORDS.length];
    return out.slice(0, length - 1) + ".";
  }
}
