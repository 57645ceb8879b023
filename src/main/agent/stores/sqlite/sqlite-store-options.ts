/** SqliteStore's options, and the clamp of seqs to what its entry ids hold. */
import type { Synchronous } from "./open-database";
import type { IntegrityCheck } from "./validate";

export interface SqliteStoreOptions {
  /** "FULL" (default): a save survives a power cut. "NORMAL": it survives a killed process. */
  synchronous?: Synchronous;
  /** How long to wait for another connection's write before giving up (default 5000 ms). */
  busyTimeoutMs?: number;
  /**
   * When opening checks every page with `PRAGMA quick_check` (about 10 ms per MB):
   * "after-crash" (default: when the last process was killed, and before a migration),
   * "always" or "never". Damage found later is reported as StoreCorruptError all the same.
   */
  integrityCheck?: IntegrityCheck;
  /**
   * The path of a better-sqlite3 native module to load instead of the installed one
   * (the app passes the build made for Electron's ABI when run from source).
   */
  nativeBinding?: string;
  /**
   * The machine name this store's leases carry (default the host name). A lease of another
   * machine is judged by its expiry alone, its process cannot be checked from here.
   */
  leaseHost?: string;
}

/** Seqs clamped to what an entry id can hold (0 to 2^32 - 1). */
export function seqRange(fromSeq: number, toSeq: number): [number, number] {
  const clamp = (seq: number) => (Number.isNaN(seq) ? 0 : Math.min(0x1_0000_0000, Math.max(0, Math.ceil(seq))));
  return [clamp(fromSeq), clamp(toSeq)];
}
