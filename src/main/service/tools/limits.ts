/** Size limits of the file tools, so one call cannot flood the model's context or the disk. */
export const TOOL_LIMITS = {
  /** read_file returns at most this many bytes of a file per call. */
  readBytes: 200_000,
  /** list_files returns at most this many entries. */
  listEntries: 500,
  /** search_text looks at most at this many files... */
  searchFiles: 5_000,
  /** ...skips files larger than this... */
  searchFileBytes: 1_000_000,
  /** ...and returns at most this many matching lines. */
  searchMatches: 200,
  /** write_file writes at most this many bytes. */
  writeBytes: 1_000_000,
} as const;

/** Folders that are large and never what a person means; search and recursive listing skip them. */
export const SKIPPED_FOLDERS = new Set([".git", "node_modules", ".hg", ".svn"]);

/** A NUL byte in the first bytes marks a binary file. */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8_000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}
