/**
 * The attachments promise, checked on a data folder after recovery: no saved message refers
 * to a file that is not stored (a dangling reference), no stored file is referred to by no
 * saved message (an orphan, stray temporary files included), and the index agrees with the
 * messages (each file's conversations exactly those whose messages refer to it, no claim
 * left pending, no entry without its file).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { SqliteStore } from "../src/main/agent";

export interface AttachmentSnapshot {
  /** For each saved conversation (branches and retained ones too), the attachment ids its messages refer to. */
  referred: Map<string, Set<string>>;
  /** Names in attachments/files. */
  files: string[];
  /** The index: hash -> its conversations and pending claims (null when there is no index file). */
  index: Map<string, { refs: string[]; pending: string[] }> | null;
}

export function attachmentProblems(snapshot: AttachmentSnapshot): string[] {
  const problems: string[] = [];
  const files = new Set(snapshot.files);
  const referrers = new Map<string, string[]>();
  for (const [conversation, ids] of snapshot.referred) {
    for (const id of ids) referrers.set(id, [...(referrers.get(id) ?? []), conversation]);
  }
  for (const [id, conversations] of referrers) {
    if (!files.has(id)) problems.push(`dangling reference: ${conversations.join(", ")} refer(s) to attachment ${id}, which is not stored`);
    else if (snapshot.index && !snapshot.index.has(id)) problems.push(`dangling reference: attachment ${id} of ${conversations.join(", ")} is stored but not in the index`);
  }
  for (const name of snapshot.files) if (!referrers.has(name)) problems.push(`orphan file: attachments/files/${name} is referred to by no saved message`);
  for (const [id, entry] of snapshot.index ?? []) {
    if (!files.has(id)) problems.push(`the index lists attachment ${id}, whose file is missing`);
    if (entry.pending.length > 0) problems.push(`after recovery, attachment ${id} still has claims pending: ${entry.pending.join(", ")}`);
    const expected = [...(referrers.get(id) ?? [])].sort().join(", ");
    const indexed = [...new Set(entry.refs)].sort().join(", ");
    if (files.has(id) && expected !== indexed) problems.push(`the index says attachment ${id} is referred to by [${indexed}], the messages say [${expected}]`);
  }
  return problems;
}

/** Reads what the check needs from a data folder whose service is closed. */
export async function readAttachmentSnapshot(dataFolder: string, databaseFile: string): Promise<AttachmentSnapshot> {
  const store = new SqliteStore(join(dataFolder, databaseFile));
  const referred = new Map<string, Set<string>>();
  try {
    for (const row of await store.list({ includeRetained: true })) {
      const record = await store.read(row.id);
      const ids = new Set<string>();
      for (const entry of record?.entries ?? []) for (const ref of (entry as { attachments?: { id: string }[] }).attachments ?? []) ids.add(ref.id);
      if (ids.size > 0) referred.set(row.id, ids);
    }
  } finally {
    store.close();
  }
  const folder = join(dataFolder, "attachments");
  const filesFolder = join(folder, "files");
  const files = existsSync(filesFolder) ? readdirSync(filesFolder) : [];
  const indexFile = join(folder, "index.json");
  let index: AttachmentSnapshot["index"] = null;
  if (existsSync(indexFile)) {
    const document = JSON.parse(readFileSync(indexFile, "utf8")) as { files?: Record<string, { refs?: string[]; pending?: string[] }> };
    index = new Map(Object.entries(document.files ?? {}).map(([id, f]) => [id, { refs: f.refs ?? [], pending: f.pending ?? [] }]));
  }
  return { referred, files, index };
}
