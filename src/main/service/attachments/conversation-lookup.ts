/**
 * What recovery asks of the conversation store: does a conversation exist, and which
 * attachments do its saved messages refer to (read only for conversations with a claim
 * pending or a reference recorded, never for listing or search).
 */
import type { ConversationStore } from "../conversations/conversation-store";
import type { ConversationLookup } from "./attachments";

export function conversationLookup(store: ConversationStore): ConversationLookup {
  return {
    exists: async (id) => (await store.readHead(id)) !== null,
    attachmentIds: async (id) => {
      const ids = new Set<string>();
      const record = await store.read(id);
      for (const entry of record?.entries ?? []) {
        if (entry.kind !== "user") continue;
        for (const ref of (entry as { attachments?: { id: string }[] }).attachments ?? []) ids.add(ref.id);
      }
      return ids;
    },
  };
}
