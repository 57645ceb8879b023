/**
 * The explicit second step after a move: remove from the source each State the other side
 * holds the same copy of (entry count, checksum and snapshot). Anything else is kept, and so
 * is a State a run holds now. Branches go before the States they part from.
 */
import { StateBusyError } from "../../agent";
import type { RemoveSourceReport } from "../../../shared/storage-types";
import type { ConversationStore } from "../conversations/conversation-store";
import { everyState, sameCopy } from "./store-move";

export async function removeMovedCopies(source: ConversationStore, target: ConversationStore): Promise<RemoveSourceReport> {
  const report: RemoveSourceReport = { removed: 0, kept: 0 };
  for (const row of (await everyState(source)).reverse()) {
    const [mine, theirs] = await Promise.all([source.read(row.id), target.read(row.id)]);
    if (!sameCopy(mine, theirs)) {
      report.kept++;
      continue;
    }
    try {
      await source.delete(row.id);
      report.removed++;
    } catch (error) {
      if (!(error instanceof StateBusyError)) throw error;
      report.kept++;
    }
  }
  return report;
}
