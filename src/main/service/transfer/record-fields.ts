/**
 * Reading fields of a record from a file with clear complaints: each names the field's
 * path and what it should be, so a broken file says where it is broken.
 */
import { RecordShapeError } from "./transfer-errors";

export type Fields = Record<string, unknown>;

export function asObject(value: unknown, path: string): Fields {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new RecordShapeError(`${path} should be an object, not ${describe(value)}`);
  return value as Fields;
}

export function asArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new RecordShapeError(`${path} should be a list, not ${describe(value)}`);
  return value;
}

export function asString(value: unknown, path: string): string {
  if (typeof value !== "string") throw new RecordShapeError(`${path} should be text, not ${describe(value)}`);
  return value;
}

export function optionalString(value: unknown, path: string): string | null {
  return value === undefined || value === null ? null : asString(value, path);
}

export function asInteger(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new RecordShapeError(`${path} should be a whole number, not ${describe(value)}`);
  return value;
}

/** Seconds since 1970 (ChatGPT's times) as an ISO time; `fallback` when absent. */
export function secondsToIso(value: unknown, path: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1e11) throw new RecordShapeError(`${path} should be a time in seconds, not ${describe(value)}`);
  return new Date(Math.round(value * 1000)).toISOString();
}

/** An ISO time as given (normalised); `fallback` when absent. */
export function isoTime(value: unknown, path: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  const time = typeof value === "string" ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) throw new RecordShapeError(`${path} should be a date and time, not ${describe(value)}`);
  return new Date(time).toISOString();
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return value.length > 40 ? `text of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value).slice(0, 40)}`;
}
