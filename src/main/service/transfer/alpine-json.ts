/**
 * Alpine JSON (docs/alpine-json.md): a versioned file of whole conversations, each with
 * every branch's snapshot and own entries, as the store holds them. Written
 * deterministically (fixed header, one conversation per line, keys sorted), so export →
 * import → export gives the same bytes.
 */
import { STATE_ID_PATTERN, type EntryRecord } from "../../agent";
import { cleanTitle } from "../../../shared/title-text";
import { canonicalJson } from "./canonical-json";
import { conversationIdOf, parentOf, type PortableBranch, type PortableConversation, type TreeSnapshot } from "./portable";
import { asArray, asInteger, asObject, asString, type Fields } from "./record-fields";
import { RecordShapeError } from "./transfer-errors";
import { checkEntryFields, checkFields, importedSnapshotSchema } from "./snapshot-schema";

export const ALPINE_FORMAT = "alpine-conversations";
export const ALPINE_FORMAT_VERSION = 1;
/** The key of the list of conversations. */
export const ALPINE_LIST_KEY = "conversations";

export function alpineHeader(): string {
  return `{"format":"${ALPINE_FORMAT}","version":${ALPINE_FORMAT_VERSION},"${ALPINE_LIST_KEY}":[\n`;
}

export const ALPINE_FOOTER = "]}\n";

/** One conversation as its line of the file (without the separating comma). */
export function alpineConversationJson(conversation: PortableConversation): string {
  const branches = conversation.branches.map((branch) => ({ snapshot: withoutCreateToken(branch.snapshot), entries: branch.entries }));
  return canonicalJson({ id: conversation.id, branches });
}

function withoutCreateToken(snapshot: TreeSnapshot): TreeSnapshot {
  // Made afresh by every store write; it tells a record from another one with its id, not its content.
  const { createToken: _token, ...rest } = snapshot;
  return rest;
}

/** Refuses a header of another format or a newer version. */
export function checkAlpineHeader(header: Record<string, unknown>): void {
  if (header.format !== ALPINE_FORMAT) throw new RecordShapeError(`it is not an Alpine export (its "format" is ${JSON.stringify(header.format ?? null)})`);
  const version = header.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) throw new RecordShapeError(`its "version" should be a whole number, not ${JSON.stringify(version ?? null)}`);
  if (version > ALPINE_FORMAT_VERSION) throw new RecordShapeError(`it was written by a newer Alpine (format version ${version}; this one reads up to ${ALPINE_FORMAT_VERSION}). Update Alpine, then import it`);
}

const ENTRY_KINDS = new Set(["user", "assistant", "tool_result", "compaction", "notice", "error"]);

/** Checks one conversation record of an Alpine file: shapes, ids, seqs and the tree's links. */
export function alpineConversation(record: unknown): PortableConversation {
  const conversation = asObject(record, "the conversation");
  const id = stateId(conversation.id, "id");
  const list = asArray(conversation.branches, "branches");
  if (list.length === 0) throw new RecordShapeError("branches should hold at least the conversation's first branch");
  const ends = new Map<string, number>();
  const branches = list.map((item, i) => {
    const branch = readBranch(asObject(item, `branches[${i}]`), `branches[${i}]`, i === 0 ? null : ends);
    const snapshot = branch.snapshot;
    if (i === 0 && (snapshot.id !== id || parentOf(snapshot) !== null)) throw new RecordShapeError(`branches[0] should be the conversation's root "${id}", with no parent`);
    if (conversationIdOf(snapshot) !== id) throw new RecordShapeError(`branches[${i}].snapshot.conversationId should be "${id}"`);
    if (ends.has(snapshot.id)) throw new RecordShapeError(`branches[${i}].snapshot.id "${snapshot.id}" appears twice`);
    ends.set(snapshot.id, snapshot.entryCount - 1);
    return branch;
  });
  return { id, branches };
}

function readBranch(branch: Fields, path: string, earlier: Map<string, number> | null): PortableBranch {
  const where = `${path}.snapshot`;
  const snapshot = checkFields(importedSnapshotSchema, branch.snapshot, where);
  const entryCount = snapshot.entryCount;
  const parent = readParent(snapshot.parent, `${where}.parent`, earlier);
  const firstSeq = parent ? parent.seq + 1 : 0;
  const entries = asArray(branch.entries, `${path}.entries`).map((item, i) => readEntry(item, `${path}.entries[${i}]`, firstSeq + i));
  if (entryCount < firstSeq || entryCount > firstSeq + entries.length) throw new RecordShapeError(`${where}.entryCount ${entryCount} does not fit its ${entries.length} entries after seq ${firstSeq - 1}`);
  if (!parent && entries[0]?.kind !== "user") throw new RecordShapeError(`${path}.entries[0] should be the person's first message`);
  // A title shown in lists holds no control characters nor direction overrides.
  const title = cleanTitle(snapshot.title) || cleanTitle(snapshot.task).slice(0, 80) || "Imported conversation";
  return { snapshot: { ...snapshot, title } as TreeSnapshot, entries };
}

function readParent(value: unknown, path: string, earlier: Map<string, number> | null): { id: string; seq: number } | null {
  if (value === undefined || value === null) {
    if (earlier) throw new RecordShapeError(`${path} should name the branch it parts from`);
    return null;
  }
  if (!earlier) throw new RecordShapeError(`${path} should be null for the conversation's root`);
  const parent = asObject(value, path);
  const id = stateId(parent.id, `${path}.id`);
  const seq = asInteger(parent.seq, `${path}.seq`);
  const end = earlier.get(id);
  if (end === undefined) throw new RecordShapeError(`${path}.id "${id}" is not a branch listed before it`);
  if (seq < -1 || seq > end) throw new RecordShapeError(`${path}.seq ${seq} is outside "${id}" (its last seq is ${end})`);
  return { id, seq };
}

function readEntry(value: unknown, path: string, seq: number): EntryRecord {
  const entry = asObject(value, path);
  if (asInteger(entry.seq, `${path}.seq`) !== seq) throw new RecordShapeError(`${path}.seq should be ${seq}, not ${entry.seq}`);
  const kind = asString(entry.kind, `${path}.kind`);
  if (!ENTRY_KINDS.has(kind)) throw new RecordShapeError(`${path}.kind "${kind.slice(0, 40)}" is not a kind of entry`);
  asString(entry.text, `${path}.text`);
  asString(entry.at, `${path}.at`);
  if (entry.error !== null) throw new RecordShapeError(`${path}.error should be null`);
  checkEntryFields(kind, entry, path);
  return entry as unknown as EntryRecord;
}

function stateId(value: unknown, path: string): string {
  const id = asString(value, path);
  if (!STATE_ID_PATTERN.test(id)) throw new RecordShapeError(`${path} should be 1 to 128 letters, digits, _ or - (it is ${JSON.stringify(id.slice(0, 40))})`);
  return id;
}
