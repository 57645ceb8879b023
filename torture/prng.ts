/**
 * A small seeded PRNG (mulberry32) so a campaign is repeatable from its seed: the same seed
 * draws the same scenarios, kill points and faults. Kill instants still race with the OS
 * scheduler, so a replay reaches the same neighbourhood, not always the same byte.
 */
export class Prng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`Prng.int: max ${max} < min ${min}`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Prng.pick: no items");
    return items[Math.floor(this.next() * items.length)];
  }

  /** A pick where each item has a weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** An independent stream for one part of the campaign, stable however many draws others make. */
  fork(label: string | number): Prng {
    return new Prng(hashSeed(`${this.seed}:${label}`));
  }
}

/** FNV-1a, 32 bits: a stable seed from a label. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
