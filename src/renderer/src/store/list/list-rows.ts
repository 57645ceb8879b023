/**
 * Changing the rows the list holds: a conversation's new summary, a deletion, and the
 * person's rename and delete: each changes the row only once the service answered that it is
 * saved (docs/acknowledgements.md; the row says "Saving…" meanwhile).
 */
import type { ConversationSummary } from "../../../../shared/view-types";
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import { toastFailure, type GetState, type SetState } from "../store-access";
import { t } from "../../i18n/i18n";
import { PAGE_SIZE } from "./list-paging";

export interface ListRows {
  listItemAt(index: number): ConversationSummary | undefined;
  applySummary(summary: ConversationSummary): void;
  removeFromList(id: string): void;
  renameConversation(id: string, title: string): Promise<boolean>;
  deleteConversation(id: string): Promise<boolean>;
}

export function createListRows(set: SetState, get: GetState): ListRows {
  const findIndex = (id: string): number => {
    for (const [page, items] of Object.entries(get().listPages)) {
      const i = items.findIndex((item) => item.id === id);
      if (i >= 0) return Number(page) * PAGE_SIZE + i;
    }
    return -1;
  };

  const replaceAt = (index: number, summary: ConversationSummary) => {
    const page = Math.floor(index / PAGE_SIZE);
    set((s) => {
      const items = s.listPages[page].slice();
      items[index % PAGE_SIZE] = summary;
      return { listPages: { ...s.listPages, [page]: items }, listVersion: s.listVersion + 1 };
    });
  };

  return {
    listItemAt(index) {
      return get().listPages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
    },

    applySummary(summary) {
      const index = findIndex(summary.id);
      if (index >= 0) {
        const old = get().listItemAt(index)!;
        replaceAt(index, summary);
        // Only a change of time can move a row (newest first); a search may now match differently.
        if ((index > 0 && old.updatedAt !== summary.updatedAt) || (get().listQuery && old.title !== summary.title)) get().refreshList();
      } else {
        get().refreshList();
      }
    },

    removeFromList(id) {
      const index = findIndex(id);
      if (index < 0) return;
      const page = Math.floor(index / PAGE_SIZE);
      set((s) => ({
        listPages: { ...s.listPages, [page]: s.listPages[page].filter((item) => item.id !== id) },
        listTotal: Math.max(0, s.listTotal - 1),
        listVersion: s.listVersion + 1,
      }));
      get().refreshList();
    },

    async renameConversation(id, title) {
      const trimmed = title.trim();
      const index = findIndex(id);
      const before = index >= 0 ? get().listItemAt(index) : undefined;
      if (!trimmed || trimmed === before?.title) return false;
      try {
        const summary = await api().request("conversations:rename", { id, title: trimmed });
        get().applySummary(summary);
        get().applyOpenSummary(summary);
        emitAppEvent("renamed", { id, title: summary.title });
        return true;
      } catch (error) {
        toastFailure(get, t("toast.renameFailed"), error);
        return false;
      }
    },

    async deleteConversation(id) {
      try {
        await api().request("conversations:delete", { id });
        get().removeFromList(id);
        get().forgetConversation(id);
        emitAppEvent("deleted", { id });
        return true;
      } catch (error) {
        toastFailure(get, t("toast.deleteFailed"), error);
        return false;
      }
    },
  };
}
