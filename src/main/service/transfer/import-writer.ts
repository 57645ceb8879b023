/**
 * Writes one imported conversation into the store, all or nothing: the root and each
 * branch by the store's create (which refuses an id it has and writes a State whole or not
 * at all); when one fails, the States this conversation created are deleted again. A
 * conversation whose root the store already has is skipped, never written twice.
 */
import { type Snapshot, type Store, withoutDecisions } from "../../agent";
import { CONVERSATION_ALLOWED_KEY } from "../../mcp";
import type { PortableBranch, PortableConversation } from "./portable";

/** What export and import need of a store: the library's contract. */
export type TransferStore = Pick<Store, "write" | "read" | "readHead" | "delete" | "list">;

export type WriteOutcome =
  | { kind: "imported"; id: string; title: string; branches: number }
  | { kind: "skipped"; id: string; title: string; reason: string };

export class ConversationWriteError extends Error {
  constructor(readonly stateId: string, cause: unknown) {
    super(`it could not be saved (${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)})`, { cause });
    this.name = "ConversationWriteError";
  }
}

export async function writeConversation(store: TransferStore, conversation: PortableConversation): Promise<WriteOutcome> {
  const root = conversation.branches[0].snapshot;
  let branches = conversation.branches;
  if ((await store.readHead(conversation.id)) !== null) {
    // Imported before. Branches missing from it mean that import was cut short (the process
    // stopped between two of its creates): they are added now, so it ends whole.
    branches = [];
    for (const branch of conversation.branches) if ((await store.readHead(branch.snapshot.id)) === null) branches.push(branch);
    if (branches.length === 0) return { kind: "skipped", id: conversation.id, title: root.title, reason: "already imported" };
  }
  const created: string[] = [];
  try {
    for (const branch of branches) {
      const id = branch.snapshot.id;
      await store.write(id, branch.entries, asData(branch), { create: true });
      created.push(id);
    }
  } catch (error) {
    await removeCreated(store, created);
    throw new ConversationWriteError(created.length < branches.length ? branches[created.length].snapshot.id : conversation.id, error);
  }
  return { kind: "imported", id: conversation.id, title: root.title, branches: branches.length };
}

/**
 * What is written of an imported branch: data only. Its question and answer are unsealed
 * (asked again here, from the call) and its "allowed in this conversation" grants dropped.
 */
export function asData(branch: PortableBranch): Snapshot {
  const snapshot = withoutDecisions(branch.snapshot as unknown as Snapshot);
  const data = snapshot.data;
  if (data !== null && typeof data === "object" && !Array.isArray(data) && CONVERSATION_ALLOWED_KEY in data) {
    const { [CONVERSATION_ALLOWED_KEY]: _grants, ...rest } = data as Record<string, unknown>;
    return { ...snapshot, data: rest };
  }
  return snapshot;
}

/** Children first, so no moment leaves a branch without its parent. */
async function removeCreated(store: TransferStore, created: string[]): Promise<void> {
  for (const id of [...created].reverse()) {
    try {
      await store.delete(id);
    } catch (error) {
      console.error(`Could not remove the half-imported State "${id}":`, error);
    }
  }
}
