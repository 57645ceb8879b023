/**
 * The bad-input catalogue: State ids fuzzed from the seed, values that are not JSON (each
 * kind the spec names, and their neighbours), JSON values at the edges (deep, wide, odd
 * keys and strings), and oversized messages.
 */
import type { Prng } from "./prng";

export interface NamedValue {
  name: string;
  make(): unknown;
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { deeper: value };
  return value;
}

function cycle(): unknown {
  const a: Record<string, unknown> = { name: "a" };
  a.self = { back: a };
  return a;
}

/** Not JSON: saving must refuse each with a TypeError naming its path, before any model request. */
export const NON_JSON_VALUES: NamedValue[] = [
  { name: "a function", make: () => ({ callback: () => 1 }) },
  { name: "a class instance", make: () => ({ at: new Point(1, 2) }) },
  { name: "a Map", make: () => ({ index: new Map([["a", 1]]) }) },
  { name: "a Set", make: () => ({ tags: new Set(["a"]) }) },
  { name: "a BigInt", make: () => ({ big: 10n ** 30n }) },
  { name: "undefined", make: () => ({ missing: undefined }) },
  { name: "undefined in an array", make: () => ({ list: [1, undefined, 3] }) },
  { name: "NaN", make: () => ({ ratio: Number.NaN }) },
  { name: "Infinity", make: () => ({ limit: Number.POSITIVE_INFINITY }) },
  { name: "-Infinity", make: () => ({ floor: Number.NEGATIVE_INFINITY }) },
  { name: "a cycle", make: cycle },
  { name: "a Symbol value", make: () => ({ kind: Symbol("kind") }) },
  { name: "a Symbol key", make: () => ({ [Symbol("hidden")]: 1, shown: 2 }) },
  { name: "a Date", make: () => ({ when: new Date(0) }) },
  { name: "a RegExp", make: () => ({ pattern: /a+/g }) },
  { name: "a typed array", make: () => ({ bytes: new Uint8Array([1, 2, 3]) }) },
  { name: "a sparse array", make: () => ({ holes: [1, , 3] }) },
  { name: "a Promise", make: () => ({ later: Promise.resolve(1) }) },
  { name: "an Error", make: () => ({ failure: new Error("x") }) },
  { name: "a WeakMap", make: () => ({ weak: new WeakMap() }) },
  { name: "a boxed string", make: () => ({ boxed: new String("x") }) },
  { name: "top-level Map", make: () => new Map() },
  { name: "a function as data", make: () => () => 1 },
];

/** JSON, at the edges: must save and load back equal (as JSON). */
export const EDGE_JSON_VALUES: NamedValue[] = [
  { name: "nested 2,000 deep", make: () => nested(2_000) },
  { name: "an array of 100,000 numbers", make: () => ({ many: Array.from({ length: 100_000 }, (_, i) => i) }) },
  { name: "keys that look special", make: () => JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "": "empty key", "toString": "x"}') },
  { name: "a prototype-less object", make: () => Object.assign(Object.create(null), { a: 1 }) },
  { name: "unicode and lone surrogates", make: () => ({ text: "é 😀 \u0000 \ud800 \u2028 \"quoted\" \\back" }) },
  { name: "extreme numbers", make: () => ({ big: 1.7976931348623157e308, tiny: 5e-324, negZero: -0 }) },
];

/** Valid JSON so deep that walking it may exhaust the stack: a clear error or a save, never a crash. */
export const TOO_DEEP_VALUE: NamedValue = { name: "nested 200,000 deep", make: () => nested(200_000) };

const VALID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
const INVALID_CHARS = ["/", "\\", ".", " ", "\u0000", "\n", "é", "😀", ":", "*", "?", "%", "'", '"', "<", ">", "|", "\u202e", "\t"];

/** Ids that look dangerous to a file system but are valid (case, reserved names, the longest). */
export const TRICKY_VALID_IDS = ["CON", "con", "nul", "Aux", "com1", "A", "a", "-", "_", "--help", "a".repeat(128), "Z".repeat(128)];

export const FIXED_INVALID_IDS: unknown[] = ["", "..", ".", "../escape", "a/b", "a\\b", "a".repeat(129), " a", "a\u0000", "%2e%2e", 42, null, {}, [], true];

export function fuzzId(prng: Prng): string {
  const length = prng.int(0, 140);
  let id = "";
  for (let i = 0; i < length; i++) id += prng.chance(0.9) ? VALID_CHARS[prng.int(0, VALID_CHARS.length - 1)] : prng.pick(INVALID_CHARS);
  return id;
}

/** Message sizes to save and load back: 1 MB and 8 MB of text. */
export const OVERSIZED_MESSAGE_CHARS = [1 << 20, 8 << 20];
