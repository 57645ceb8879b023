/**
 * JSON checks: a store keeps JSON, so `state.data` and answers must be JSON values.
 * A bad value is refused with a TypeError naming its path (`state.data.items[2].when is a Date`)
 * before the save, and so before the next model request, instead of coming back changed.
 *
 * The walk keeps its own stack, so data of any depth gets a clear answer instead of a
 * stack overflow. Data nested deeper than MAX_JSON_DEPTH is refused: JSON.stringify is
 * recursive and runs out of stack at about 4,000 levels, so deeper data could not be saved.
 */

/** The deepest nesting of arrays and objects a saved value may have. */
export const MAX_JSON_DEPTH = 2_500;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function childPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Where a value sits: its parent's place and its key. Paths are spelled out only for an error. */
interface Place {
  parent: Place | null;
  key: string | number;
}

function pathOf(place: Place | null, root: string, maxKeys = Number.POSITIVE_INFINITY): string {
  const keys: (string | number)[] = [];
  for (let at = place; at !== null; at = at.parent) keys.push(at.key);
  keys.reverse();
  const shown = keys.slice(0, maxKeys).reduce<string>((path, key) => childPath(path, key), root);
  return keys.length > maxKeys ? `${shown}…` : shown;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Built-in objects that have no faithful JSON form; never turned into plain objects. */
function builtInKind(value: object): string | null {
  if (value instanceof Date) return "a Date";
  if (value instanceof Map) return "a Map";
  if (value instanceof Set) return "a Set";
  if (value instanceof WeakMap) return "a WeakMap";
  if (value instanceof WeakSet) return "a WeakSet";
  if (value instanceof RegExp) return "a RegExp";
  if (value instanceof Promise) return "a Promise";
  if (value instanceof Error) return `an Error (${value.name})`;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `binary data (${value.constructor.name})`;
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return `a boxed ${typeof value.valueOf()}`;
  return null;
}

function describeClass(value: object): string {
  const name = (value as { constructor?: { name?: string } }).constructor?.name;
  return name ? `an instance of class ${name}` : "an object with a custom prototype";
}

interface WalkOptions {
  /** Turn class instances (not built-ins) into plain objects of their own enumerable fields. */
  plainifyClassInstances: boolean;
}

/** An empty slot of a sparse array, visited in its turn so errors come in document order. */
const HOLE = Symbol("hole");

type Container = Record<string | number, unknown>;

/** An array or object being copied: its children are visited in order, `next` is the one to visit. */
interface Frame {
  source: Container;
  /** The object's keys; null for an array. */
  keys: string[] | null;
  length: number;
  next: number;
  copy: Container;
  place: Place | null;
  depth: number;
}

function put(into: Container, key: string | number, value: unknown): void {
  // "__proto__" assigned would set the prototype; it must stay a key like any other.
  if (key === "__proto__") Object.defineProperty(into, key, { value, enumerable: true, writable: true, configurable: true });
  else into[key] = value;
}

/** The place of a value at `depth` (the root, at depth 0, is the path itself). */
function at(parent: Place | null, key: string | number, depth: number): Place | null {
  return depth === 0 ? null : { parent, key };
}

class Walk {
  private readonly frames: Frame[] = [];
  private readonly ancestors = new Map<object, Place | null>();

  constructor(
    private readonly rootPath: string,
    private readonly options: WalkOptions,
  ) {}

  /** The JSON copy of `root`; throws a TypeError at the first value that is not JSON. */
  run(root: unknown): unknown {
    const copy = this.enter(root, null, "", 0);
    const frames = this.frames;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (frame.next === frame.length) {
        this.ancestors.delete(frame.source);
        frames.pop();
        continue;
      }
      const index = frame.next++;
      if (frame.keys === null) {
        const value = index in frame.source ? frame.source[index] : HOLE;
        frame.copy[index] = this.enter(value, frame.place, index, frame.depth + 1);
      } else {
        const key = frame.keys[index];
        put(frame.copy, key, this.enter(frame.source[key], frame.place, key, frame.depth + 1));
      }
    }
    return copy;
  }

  private path(place: Place | null): string {
    return pathOf(place, this.rootPath);
  }

  /** Check one value: a primitive is returned as is; an array or object gets a frame and an empty copy. */
  private enter(value: unknown, parent: Place | null, key: string | number, depth: number): unknown {
    switch (typeof value) {
      case "string":
      case "boolean":
        return value;
      case "number":
        if (!Number.isFinite(value)) throw new TypeError(`${this.path(at(parent, key, depth))} is ${value} (only finite numbers are JSON)`);
        return value;
      case "undefined":
        throw new TypeError(`${this.path(at(parent, key, depth))} is undefined (use null, or leave the key out)`);
      case "bigint":
        throw new TypeError(`${this.path(at(parent, key, depth))} is a BigInt (store it as a string or a number)`);
      case "symbol":
        if (value === HOLE) throw new TypeError(`${this.path(at(parent, key, depth))} is an empty slot of a sparse array`);
        throw new TypeError(`${this.path(at(parent, key, depth))} is a Symbol`);
      case "function":
        throw new TypeError(`${this.path(at(parent, key, depth))} is a function`);
    }
    if (value === null) return null;
    const object = value as Container;
    const place = at(parent, key, depth);
    if (this.ancestors.has(object)) throw new TypeError(`${this.path(place)} refers back to ${this.path(this.ancestors.get(object) ?? null)} (a cycle)`);
    if (depth >= MAX_JSON_DEPTH) {
      throw new TypeError(
        `${this.rootPath} is nested more than ${MAX_JSON_DEPTH} levels deep (at ${pathOf(place, this.rootPath, 8)}); ` +
          "JSON this deep cannot be saved, so keep it flatter",
      );
    }

    let keys: string[] | null = null;
    let copy: Container;
    if (Array.isArray(object)) {
      copy = [] as unknown as Container;
    } else {
      if (!isPlainObject(object)) {
        const kind = builtInKind(object);
        if (kind) throw new TypeError(`${this.path(place)} is ${kind}, not a JSON value`);
        if (!this.options.plainifyClassInstances) {
          throw new TypeError(`${this.path(place)} is ${describeClass(object)}; only plain objects, arrays, strings, finite numbers, booleans and null are JSON`);
        }
      }
      if (Object.getOwnPropertySymbols(object).some((s) => Object.prototype.propertyIsEnumerable.call(object, s))) {
        throw new TypeError(`${this.path(place)} has a Symbol key (JSON keys are strings)`);
      }
      keys = Object.keys(object);
      copy = {};
    }
    this.ancestors.set(object, place);
    const length = keys === null ? (object as unknown as unknown[]).length : keys.length;
    this.frames.push({ source: object, keys, length, next: 0, copy, place, depth });
    return copy;
  }
}

/** Throws a TypeError naming the path of the first value that is not JSON. */
export function assertJsonValue(value: unknown, path: string): void {
  new Walk(path, { plainifyClassInstances: false }).run(value);
}

/**
 * An answer as it will come back after loading: class instances become plain objects
 * of their own fields; anything else that is not JSON is refused with a TypeError.
 */
export function toJsonAnswer(value: unknown, path: string): unknown {
  return new Walk(path, { plainifyClassInstances: true }).run(value);
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * JSON.stringify for what a store writes. Values nested thousands deep (a model's tool input
 * is not checked like state.data) run it out of stack: that is reported as a TypeError naming `what`.
 */
export function toJsonText(value: unknown, what: string): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (isStackOverflow(error)) throw new TypeError(`${what} is nested too deep to write as JSON (keep it under ${MAX_JSON_DEPTH} levels)`, { cause: error });
    throw error;
  }
}
