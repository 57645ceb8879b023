/**
 * Malformed arguments for every request channel of the IPC contract, as a compromised or
 * buggy window could send them: wrong shapes, wrong types for each field, oversized and
 * odd strings, and objects that throw when touched. Only arguments the contract refuses
 * are produced (a valid request would have real effects).
 */
import { requestSchemas, type RequestChannel } from "../src/shared/ipc-contract";
import type { Prng } from "./prng";

const throwingArgs = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error("a hostile object");
      },
      ownKeys() {
        throw new Error("a hostile object");
      },
    },
  );

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  value.self = value;
  return value;
}

/** Whole-argument values of the wrong shape. */
const WRONG_SHAPES: (() => unknown)[] = [
  () => null,
  () => 42,
  () => "args",
  () => [],
  () => [{}],
  () => true,
  () => new Map([["id", "a"]]),
  () => cyclic(),
  throwingArgs,
  () => ({ unexpected: 1 }),
  () => JSON.parse('{"__proto__": {"polluted": true}}'),
  () => 10n,
];

/** Values for one field; those the schema happens to accept are skipped by the caller. */
const FIELD_VALUES: (() => unknown)[] = [
  () => null,
  () => 0,
  () => -1,
  () => 1.5,
  () => Number.NaN,
  () => Number.POSITIVE_INFINITY,
  () => 1e300,
  () => "",
  () => " ",
  () => "../../etc/passwd",
  () => "a/b",
  () => "x".repeat(300_000),
  () => "😀".repeat(100),
  () => "\u0000",
  () => [],
  () => ["a"],
  () => ({}),
  () => true,
  () => 10n,
  () => Symbol("s"),
  throwingArgs,
  () => ({ toString: () => "a" }),
];

function fieldsOf(channel: RequestChannel): string[] {
  const shape = (requestSchemas[channel] as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** A plausible valid value per field name, so one field at a time can be broken. */
const PLAUSIBLE: Record<string, unknown> = {
  id: "no-such-conversation",
  text: "hello",
  answer: "yes",
  title: "A title",
  offset: 0,
  limit: 10,
  query: "word",
  model: "claude-sonnet-4-6",
  systemPrompt: "Be brief.",
  folder: null,
  apiKey: "key",
};

export interface MalformedRequest {
  channel: RequestChannel;
  args: unknown;
  describe: string;
  /** Throws when touched: any refusal will do, as long as nothing throws out of the dispatcher. */
  hostile: boolean;
}

/** Every channel: each wrong shape, and each field broken each way (plus `extra` random picks). */
export function malformedRequests(prng: Prng, extra: number): MalformedRequest[] {
  const out: MalformedRequest[] = [];
  const channels = Object.keys(requestSchemas) as RequestChannel[];
  for (const channel of channels) {
    WRONG_SHAPES.forEach((make, i) => out.push({ channel, args: make(), describe: `wrong shape #${i}`, hostile: make === throwingArgs }));
    const fields = fieldsOf(channel);
    const base = Object.fromEntries(fields.map((f) => [f, PLAUSIBLE[f] ?? "x"]));
    for (const field of fields) {
      FIELD_VALUES.forEach((make, i) => out.push({ channel, args: { ...base, [field]: make() }, describe: `${field} value #${i}`, hostile: make === throwingArgs }));
    }
    out.push({ channel, args: { ...base, extra: "not in the contract" }, describe: "an extra key", hostile: false });
  }
  for (let i = 0; i < extra; i++) {
    const channel = prng.pick(channels);
    const fields = fieldsOf(channel);
    const args: Record<string, unknown> = {};
    let hostile = false;
    const value = () => {
      const make = prng.pick(FIELD_VALUES);
      hostile ||= make === throwingArgs;
      return make();
    };
    for (const field of fields) if (prng.chance(0.7)) args[field] = prng.chance(0.5) ? PLAUSIBLE[field] : value();
    if (prng.chance(0.3)) args[`k${prng.int(0, 99)}`] = value();
    out.push({ channel, args, describe: `random #${i}`, hostile });
  }
  return out.filter((request) => !acceptedByContract(request));
}

/** As the dispatcher reads them: missing arguments (null, undefined) are an empty object. */
function acceptedByContract(request: MalformedRequest): boolean {
  try {
    return requestSchemas[request.channel].safeParse(request.args ?? {}).success;
  } catch {
    return false; // the hostile objects throw inside the parser: refused all the same
  }
}

export const UNKNOWN_CHANNELS: unknown[] = ["", "app:infoo", "__proto__", "constructor", "toString", "conversations:list ", 42, null, {}, ["app:info"]];
