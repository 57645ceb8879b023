/**
 * Which branch of a portable conversation is shown: the one updated last (docs/branches.md),
 * the later id on a tie, as the store's sidebar picks it.
 */
import type { PortableConversation } from "./portable";

export function shownBranchIndex(conversation: PortableConversation): number {
  let best = 0;
  conversation.branches.forEach((branch, i) => {
    const top = conversation.branches[best].snapshot;
    if (branch.snapshot.updatedAt > top.updatedAt || (branch.snapshot.updatedAt === top.updatedAt && branch.snapshot.id > top.id)) best = i;
  });
  return best;
}
