/**
 * One way to read the app's small versioned JSON files (settings, MCP servers, storage
 * choice, prices, window state, messages waiting for a key, attachments index, the kept
 * first screen). Each
 * caller decides what a missing, garbled or newer file means for it; this only tells the
 * four apart, the same way for all:
 * - missing: no file yet;
 * - garbled: not JSON, or not the shape this version writes;
 * - newer: written by a newer Alpine (its `version` is above the one this build writes).
 *   It is read as far as this version's schema understands it and must be left untouched
 *   (a change asked of it throws NewerFileVersionError);
 * - current: the file as this version wrote it.
 * A file that exists but cannot be read (permissions, a folder in its place) throws
 * FileUnreadableError rather than passing for a missing one, unless the caller says such a
 * file counts as garbled (files that are a convenience, whose loss only means defaults).
 */
import fs from "node:fs";
import type { z } from "zod";
import { FileUnreadableError } from "./service-errors";

export type VersionedJson<T> =
  | { status: "missing" }
  | { status: "garbled"; reason: string }
  | { status: "newer"; version: number; known: T | null }
  | { status: "current"; value: T };

/**
 * What the reader needs of a schema: zod's `safeParse`. A file read before zod is loaded (the
 * kept first screen, read by the app's entry) passes a plain object that checks it by hand.
 */
export interface JsonShape<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}

type ShapeOutput<S> = S extends z.ZodType ? z.output<S> : S extends JsonShape<infer T> ? T : never;

export interface VersionedJsonOptions<S extends z.ZodType | JsonShape<unknown>> {
  /** The version this build writes; a file with a higher one is "newer". */
  version: number;
  /** The file's shape, `version` included (extra keys should pass through if a rewrite must keep them). */
  schema: S;
  /** What the file is, in words for an error ("settings file"). */
  what: string;
  /** "garbled": a file that cannot be read is reported as garbled instead of thrown. */
  unreadable?: "throw" | "garbled";
}

export function readVersionedJson<S extends z.ZodType | JsonShape<unknown>>(file: string, options: VersionedJsonOptions<S>): VersionedJson<ShapeOutput<S>> {
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { status: "missing" };
    const unreadable = new FileUnreadableError(options.what, file, error);
    if (options.unreadable === "garbled") return { status: "garbled", reason: unreadable.message };
    throw unreadable;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { status: "garbled", reason: `not JSON (${(error as Error).message})` };
  }
  const parsed = options.schema.safeParse(json);
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === "number" && Number.isInteger(version) && version > options.version) {
    return { status: "newer", version, known: parsed.success ? (parsed.data as ShapeOutput<S>) : null };
  }
  if (!parsed.success) return { status: "garbled", reason: `not a version ${options.version} file (${parsed.error.issues[0]?.message ?? "wrong shape"})` };
  return { status: "current", value: parsed.data as ShapeOutput<S> };
}
