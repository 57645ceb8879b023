/**
 * snapshot.json of a FileStore State: reading it (refusing a newer version), writing its
 * text, and the list line (SavedStateInfo) it gives. From FileStore format 3 its JSON is
 * preceded by a checksum (checked-line.ts), verified when read; a snapshot written before
 * has none and is read as it is, until its next save writes one.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SchemaTooNewError, StoreCorruptError } from "../../errors";
import { toJsonText } from "../../state/json-check";
import { checkLeading, withLeadingChecksum } from "./checked-line";
import { SNAPSHOT_VERSION, type SavedStateInfo, type Snapshot, conversationIdOf } from "../../state/snapshot";

export const SNAPSHOT_FILE = "snapshot.json";
/** Written by earlier versions beside the snapshot; only read when the snapshot cannot be. */
const LEGACY_META_FILE = "meta.json";

export function snapshotText(snapshot: Snapshot): string {
  return `${withLeadingChecksum(toJsonText(snapshot, `The snapshot of State ${snapshot.id}`))}\n`;
}

export function listInfoOf(
  snapshot: Pick<Snapshot, "id" | "task" | "title" | "createdAt" | "updatedAt" | "shownAt" | "stoppedBy" | "entryCount" | "conversationId" | "parent" | "retained">,
): SavedStateInfo {
  return {
    conversationId: conversationIdOf(snapshot),
    parent: snapshot.parent ?? null,
    ...(snapshot.retained ? { retained: true } : {}),
    id: snapshot.id,
    task: snapshot.task,
    title: snapshot.title,
    createdAt: snapshot.createdAt,
    updatedAt: snapshot.updatedAt,
    ...(typeof snapshot.shownAt === "string" ? { shownAt: snapshot.shownAt } : {}),
    stoppedBy: snapshot.stoppedBy,
    entryCount: snapshot.entryCount,
  };
}

export async function readSnapshot(path: string): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoreCorruptError(path, "the file is missing");
    throw error;
  }
  const checked = checkLeading(text.endsWith("\n") ? text.slice(0, -1) : text);
  if (!checked.ok) throw new StoreCorruptError(path, "it does not match its checksum");
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(checked.json);
  } catch (error) {
    throw new StoreCorruptError(path, "it is not valid JSON", { cause: error });
  }
  if (!snapshot || typeof snapshot !== "object") throw new StoreCorruptError(path, "it is not a snapshot");
  if (typeof snapshot.version === "number" && snapshot.version > SNAPSHOT_VERSION) {
    throw new SchemaTooNewError(path, snapshot.version, SNAPSHOT_VERSION);
  }
  return snapshot;
}

/**
 * The list line of a State's folder, read from its snapshot (of any version, so a State a
 * newer version saved is still listed and load() can say why it does not open), else from
 * an older version's meta.json; null when neither gives one (not a State, or broken).
 */
export async function readListInfo(stateFolder: string): Promise<SavedStateInfo | null> {
  for (const name of [SNAPSHOT_FILE, LEGACY_META_FILE]) {
    try {
      const text = await readFile(join(stateFolder, name), "utf8");
      const checked = checkLeading(text.endsWith("\n") ? text.slice(0, -1) : text);
      if (!checked.ok) continue; // damaged: load() names it
      const found = JSON.parse(checked.json);
      if (isListInfo(found)) return listInfoOf(found);
    } catch {
      // missing or broken: try the next one
    }
  }
  return null;
}

function isListInfo(value: unknown): value is SavedStateInfo {
  const info = value as SavedStateInfo | null;
  return (
    typeof info === "object" &&
    info !== null &&
    typeof info.id === "string" &&
    typeof info.task === "string" &&
    typeof info.title === "string" &&
    typeof info.createdAt === "string" &&
    typeof info.updatedAt === "string" &&
    Number.isInteger(info.entryCount)
  );
}
