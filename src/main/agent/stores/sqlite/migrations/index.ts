/**
 * Every migration, in order. A new schema version is a new numbered file added here;
 * a shipped migration is never edited (databases already ran it).
 */
import type { Migration } from "./migration";
import { initialSchema } from "./001-initial";
import { searchSchema } from "./002-search";
import { searchTextColumn } from "./003-search-text-column";
import { compactEntries } from "./004-compact-entries";
import { branches } from "./005-branches";
import { rowChecksums } from "./006-row-checksums";
import { shownAt } from "./007-shown-at";

export type { Migration } from "./migration";

export const MIGRATIONS: readonly Migration[] = [initialSchema, searchSchema, searchTextColumn, compactEntries, branches, rowChecksums, shownAt];

/** The schema version this code writes; a database with a higher one is refused. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
