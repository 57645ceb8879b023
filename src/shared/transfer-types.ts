/**
 * Export and import as the window sees them: what to export, how an import goes (its
 * progress events) and what it did (the summary).
 */

/** Markdown to read, or Alpine JSON to import again. */
export type ExportFormat = "markdown" | "json";

/** One conversation's shown branch, its whole tree, or every conversation (each whole). */
export type ExportScope = "shown" | "tree" | "all";

export interface ExportResult {
  /** Where the export was written. */
  path: string;
  bytes: number;
  conversations: number;
}

export interface ImportProgress {
  file: string;
  bytesRead: number;
  totalBytes: number;
  imported: number;
  skipped: number;
  done: boolean;
}

export interface ImportReport {
  file: string;
  /** The program the file came from, once a record said so. */
  format: "alpine" | "chatgpt" | "claude" | null;
  imported: { id: string; title: string; branches: number }[];
  skipped: { id: string | null; title: string; reason: string }[];
  /** The first bad record stops the import: this says which and why. Null when all went well. */
  error: string | null;
}
