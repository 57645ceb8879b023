/**
 * A conversation's usage totals come after its view: a view read as a page from the store
 * (opening a long conversation, the launch) has none, since they sum every reply of the
 * history. Until they come, the totals of the view shown before (the same conversation) stay.
 */
import type { ConversationView } from "../../../../shared/view-types";
import { api } from "../../api/current-api";
import type { GetState, SetState } from "../store-access";

/** The view to show: `next`, with the usage of `previous` kept while `next` has none. */
export function keepUsage(previous: ConversationView | null, next: ConversationView): ConversationView {
  if (next.usage || !previous?.usage || previous.summary.id !== next.summary.id) return next;
  return { ...next, usage: previous.usage };
}

/** Ask for the usage of the conversation `id` when its view lacks it, and put it in that view. */
export function loadUsageIfMissing(set: SetState, get: GetState, id: string, fetched: ConversationView): void {
  if (fetched.usage) return;
  api()
    .request("conversations:usage", { id })
    .then(({ usage }) => {
      const view = get().view;
      if (!usage || !view || view.summary.id !== id) return;
      set({ view: { ...view, usage } });
    })
    .catch(() => undefined); // the totals are a convenience: the conversation shows without them
}
