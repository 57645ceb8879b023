/**
 * JSON checks: a store keeps JSON, so `state.data` and answers must be JSON values.
 * A bad value is refused with a TypeError naming its path (`state.data.items[2].when is a Date`)
 * before the save, and so before the next model request, instead of coming back changed.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function childPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
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

function walk(value: unknown, path: string, ancestors: Map<object, string>, options: WalkOptions): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value} (only finite numbers are JSON)`);
      return value;
    case "undefined":
      throw new TypeError(`${path} is undefined (use null, or leave the key out)`);
    case "bigint":
      throw new TypeError(`${path} is a BigInt (store it as a string or a number)`);
    case "symbol":
      throw new TypeError(`${path} is a Symbol`);
    case "function":
      throw new TypeError(`${path} is a function`);
  }
  if (value === null) return null;
  const object = value as object;
  const seenAt = ancestors.get(object);
  if (seenAt !== undefined) throw new TypeError(`${path} refers back to ${seenAt} (a cycle)`);

  if (Array.isArray(object)) {
    ancestors.set(object, path);
    const out: unknown[] = [];
    for (let i = 0; i < object.length; i++) {
      if (!(i in object)) throw new TypeError(`${childPath(path, i)} is an empty slot of a sparse array`);
      out.push(walk(object[i], childPath(path, i), ancestors, options));
    }
    ancestors.delete(object);
    return out;
  }

  if (!isPlainObject(object)) {
    const kind = builtInKind(object);
    if (kind) throw new TypeError(`${path} is ${kind}, not a JSON value`);
    if (!options.plainifyClassInstances) {
      throw new TypeError(`${path} is ${describeClass(object)}; only plain objects, arrays, strings, finite numbers, booleans and null are JSON`);
    }
  }
  if (Object.getOwnPropertySymbols(object).some((s) => Object.prototype.propertyIsEnumerable.call(object, s))) {
    throw new TypeError(`${path} has a Symbol key (JSON keys are strings)`);
  }
  ancestors.set(object, path);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    out[key] = walk((object as Record<string, unknown>)[key], childPath(path, key), ancestors, options);
  }
  ancestors.delete(object);
  return out;
}

/** Throws a TypeError naming the path of the first value that is not JSON. */
export function assertJsonValue(value: unknown, path: string): void {
  walk(value, path, new Map(), { plainifyClassInstances: false });
}

/**
 * An answer as it will come back after loading: class instances become plain objects
 * of their own fields; anything else that is not JSON is refused with a TypeError.
 */
export function toJsonAnswer(value: unknown, path: string): unknown {
  return walk(value, path, new Map(), { plainifyClassInstances: true });
}
