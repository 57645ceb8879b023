/**
 * How `load` assembles a branch's history: the branch's own entries, after its ancestors'
 * entries through each fork point, read with one ranged read per ancestor (never a copy).
 */
import { StoreCorruptError } from "../errors";
import type { EntryRecord } from "../state/history";
import type { Inherited } from "../state/restore";
import type { BranchPoint, Snapshot, StoredRecord } from "../state/snapshot";
import type { MaybePromise } from "../state/store-contract";

/** The reads a chain walk needs of a store. */
export interface RangedReader {
  readRange(stateId: string, throughSeq: number): MaybePromise<StoredRecord | null>;
  describe(): string;
}

/** A chain longer than this is damage (a branch of a branch ... ten thousand deep is not made by a person). */
const MAX_DEPTH = 10_000;

/** The entries `snapshot`'s State inherits, and its fork points nearest first. */
export async function readInherited(store: RangedReader, stateId: string, snapshot: Snapshot | null): Promise<Inherited> {
  const lineage: BranchPoint[] = [];
  const segments: EntryRecord[][] = [];
  const seen = new Set([stateId]);
  let point = validPoint(snapshot?.parent, store, stateId);
  let child = stateId;
  // The last seq still needed from the chain: nothing past the first fork point, and nothing at all below 0.
  let through = point ? point.seq : -1;
  while (point && through >= 0) {
    if (seen.has(point.id) || lineage.length >= MAX_DEPTH) throw corrupt(store, child, "its chain of parents loops back on itself");
    seen.add(point.id);
    lineage.push(point);
    const record = await store.readRange(point.id, through);
    if (!record?.snapshot) throw corrupt(store, child, `its parent State "${point.id}" is missing`);
    const parentPoint = validPoint(record.snapshot.parent, store, point.id);
    const from = parentPoint ? parentPoint.seq + 1 : 0;
    const own = record.entries.filter((entry) => entry.seq <= through);
    if (through >= from && (own.length !== through - from + 1 || own[0].seq !== from)) {
      throw corrupt(store, child, `its parent State "${point.id}" lacks entries ${from} to ${through}`);
    }
    segments.push(own);
    child = point.id;
    point = parentPoint;
    if (point) through = Math.min(through, point.seq);
  }
  if (point && lineage.length === 0) lineage.push(point); // a fork before the first entry inherits nothing
  segments.reverse();
  return { entries: segments.length === 0 ? [] : segments.flat(), lineage };
}

function validPoint(value: unknown, store: RangedReader, stateId: string): BranchPoint | null {
  if (value === undefined || value === null) return null;
  const point = value as BranchPoint;
  if (typeof point !== "object" || typeof point.id !== "string" || !Number.isInteger(point.seq) || point.seq < -1) {
    throw corrupt(store, stateId, "its parent is malformed");
  }
  return point;
}

function corrupt(store: RangedReader, stateId: string, reason: string): StoreCorruptError {
  return new StoreCorruptError(`${store.describe()} State "${stateId}"`, reason);
}
