/**
 * Errors of export and import. Each names the file and, for a broken file, the first bad
 * record, so the person knows where to look.
 */
import { ServiceError } from "../service-errors";

/** The file is not JSON of a kind Alpine imports, or one of its records is broken. */
export class ImportFileError extends ServiceError {
  constructor(
    readonly file: string,
    /** The record's position in the file's list of conversations, from 1; null for the file as a whole. */
    readonly record: number | null,
    readonly problem: string,
  ) {
    super(
      record === null
        ? `Cannot import "${file}": ${problem}`
        : `Cannot import "${file}": conversation ${record} is broken: ${problem}. The conversations before it were imported; nothing of this one was kept.`,
    );
  }
}

/** A record of a known format whose content does not fit it (the message names the field). */
export class RecordShapeError extends ServiceError {}

/** The file could not be opened or read. */
export class ImportReadError extends ServiceError {
  constructor(readonly file: string, cause: unknown) {
    super(`Cannot read "${file}": ${cause instanceof Error ? cause.message : String(cause)}. Check the path and that Alpine may read it.`, { cause });
  }
}

/** An export that could not be written. */
export class ExportWriteError extends ServiceError {
  constructor(readonly file: string, cause: unknown) {
    super(`Cannot write the export to "${file}": ${cause instanceof Error ? cause.message : String(cause)}. Check the folder and free space.`, { cause });
  }
}

/** Another import is going; one at a time keeps the progress bar honest. */
export class ImportInProgressError extends ServiceError {
  constructor() {
    super("An import is already going. Wait for it to finish, then import the next file.");
  }
}

/** A conversation whose stored branches do not fit together cannot be exported whole. */
export class StoreCorruptForExportError extends ServiceError {
  constructor(readonly stateId: string, problem: string) {
    super(`Cannot export "${stateId}": ${problem}. The other conversations can still be exported.`);
  }
}
