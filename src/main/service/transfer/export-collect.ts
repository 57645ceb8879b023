/**
 * Reads conversations out of the store for export: each branch's snapshot and own entries,
 * parents before children. A conversation that began as a branch of another one carries
 * the past it shares with it, so the export stands alone.
 */
import type { EntryRecord, SavedStateInfo } from "../../agent";
import { ConversationNotFoundError } from "../service-errors";
import type { TransferStore } from "./import-writer";
import type { ForkPoint, PortableBranch, PortableConversation, TreeSnapshot } from "./portable";
import { StoreCorruptForExportError } from "./transfer-errors";

/** A list row with the tree's fields, whether or not the library's type names them yet. */
type TreeRow = SavedStateInfo & { conversationId?: string; parent?: ForkPoint | null };

/** Every conversation's branch rows, by conversation id, oldest conversation first (then by id). */
export async function conversationRows(store: TransferStore): Promise<Map<string, TreeRow[]>> {
  const rows = (await store.list({})) as TreeRow[];
  const groups = new Map<string, TreeRow[]>();
  for (const row of rows) {
    const key = row.conversationId ?? row.id;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(row);
  }
  const order = [...groups.entries()].map(([id, group]) => ({ id, group, createdAt: (group.find((r) => r.id === id) ?? group[0]).createdAt }));
  order.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return new Map(order.map(({ id, group }) => [id, group]));
}

/** The branch shown for a conversation: the one updated last. */
export function shownRow(rows: TreeRow[]): TreeRow {
  return rows.reduce((best, row) => (row.updatedAt > best.updatedAt || (row.updatedAt === best.updatedAt && row.id > best.id) ? row : best));
}

/** The whole tree: every branch, the root first, then children after their parents (siblings oldest first). */
export async function collectTree(store: TransferStore, conversationId: string, rows: TreeRow[]): Promise<PortableConversation> {
  const members = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, TreeRow[]>();
  for (const row of rows) {
    const parent = row.parent && members.has(row.parent.id) && row.id !== conversationId ? row.parent.id : null;
    let list = byParent.get(parent);
    if (!list) byParent.set(parent, (list = []));
    list.push(row);
  }
  const ordered: TreeRow[] = [];
  const queue = [...sortSiblings(byParent.get(null) ?? []).sort((a, b) => Number(b.id === conversationId) - Number(a.id === conversationId))];
  while (queue.length > 0) {
    const row = queue.shift()!;
    ordered.push(row);
    queue.push(...sortSiblings(byParent.get(row.id) ?? []));
  }
  const branches: PortableBranch[] = [];
  for (const row of ordered) {
    const branch = await readBranch(store, row.id);
    branches.push(members.has(branch.snapshot.parent?.id ?? "") ? branch : await standAlone(store, branch));
  }
  return { id: conversationId, branches };
}

/** One branch as a conversation of its own: its whole history, no parent. */
export async function collectShown(store: TransferStore, rows: TreeRow[]): Promise<PortableConversation> {
  const branch = await standAlone(store, await readBranch(store, shownRow(rows).id));
  const id = branch.snapshot.id;
  return { id, branches: [{ snapshot: { ...branch.snapshot, conversationId: id }, entries: branch.entries }] };
}

function sortSiblings(rows: TreeRow[]): TreeRow[] {
  return [...rows].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
}

async function readBranch(store: TransferStore, id: string): Promise<PortableBranch> {
  const record = await store.read(id);
  if (!record?.snapshot) throw new ConversationNotFoundError(id);
  return { snapshot: record.snapshot as unknown as TreeSnapshot, entries: record.entries };
}

/** The branch with the entries it inherits put in front, and no parent. */
async function standAlone(store: TransferStore, branch: PortableBranch): Promise<PortableBranch> {
  let parent = branch.snapshot.parent ?? null;
  let entries: EntryRecord[] = branch.entries;
  const seen = new Set([branch.snapshot.id]);
  while (parent) {
    if (seen.has(parent.id)) throw new StoreCorruptForExportError(branch.snapshot.id, `its branches loop back to "${parent.id}"`);
    seen.add(parent.id);
    const record = await store.read(parent.id);
    if (!record?.snapshot) throw new StoreCorruptForExportError(branch.snapshot.id, `the branch it parts from, "${parent.id}", is missing`);
    const through = parent.seq;
    entries = [...record.entries.filter((e) => e.seq <= through), ...entries];
    parent = (record.snapshot as unknown as TreeSnapshot).parent ?? null;
  }
  entries.forEach((entry, i) => {
    if (entry.seq !== i) throw new StoreCorruptForExportError(branch.snapshot.id, `its history has a gap at seq ${i}`);
  });
  return { snapshot: { ...branch.snapshot, parent: null }, entries };
}
