/**
 * The first screen's reads done ahead of the window's request (the sidebar's first page, the
 * reopened conversation's newest page), so that request finds the pages cached and the code warm.
 * Each read is a task of its own: the window's files, asked meanwhile on the same thread, are
 * served between them. Nothing is kept, and a failure is left to the window's own request.
 */
import type { Conversations } from "../conversations/conversations";
import { yieldToIo } from "../yield-to-io";

export async function readFirstScreenAhead(conversations: Conversations, openConversationId: () => string | null, listLimit: number, tail: number): Promise<void> {
  try {
    await yieldToIo();
    await conversations.list({ offset: 0, limit: listLimit });
    const openId = openConversationId();
    await yieldToIo();
    if (openId) await conversations.get(openId, tail);
  } catch {
    // The window's own request meets the same problem and says what it is.
  }
}
