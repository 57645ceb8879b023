/**
 * How large an MCP Bundle may be. Real bundles (a server with its node_modules or its Python
 * packages) are tens of megabytes; these bounds are far above that and far below what would
 * fill a disk or the memory of the app.
 */
export interface BundleLimits {
  /** The .mcpb file itself (it is read whole). */
  maxFileBytes: number;
  /** One unpacked file. */
  maxEntryBytes: number;
  /** All unpacked files together. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Unpacked size over compressed size above which a file is taken for a zip bomb... */
  maxRatio: number;
  /** ...once it unpacks to more than this (small files of repeated text compress well). */
  ratioCheckFromBytes: number;
}

export const DEFAULT_BUNDLE_LIMITS: BundleLimits = {
  maxFileBytes: 512 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntries: 50_000,
  maxRatio: 200,
  ratioCheckFromBytes: 1024 * 1024,
};

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
