/**
 * Branches of the open conversation (docs/branches.md): edit one of the person's messages,
 * regenerate a reply, branch into a new conversation, switch to another branch. Each opens
 * the branch it made or chose; the branch left is kept. A failure is told in a toast.
 */
import { api } from "../../api/current-api";
import { emitAppEvent } from "../../app-events";
import { t } from "../../i18n/i18n";
import { toastFailure, type GetState, type SetState } from "../store-access";

export interface BranchActions {
  editMessage(seq: number, text: string): Promise<boolean>;
  regenerateReply(seq: number): Promise<boolean>;
  branchOff(seq: number): Promise<boolean>;
  switchBranch(id: string): Promise<boolean>;
}

/** What a failed branch action says first, as its catalogue key. */
type FailureKey = "toast.editFailed" | "toast.regenerateFailed" | "toast.branchFailed" | "toast.switchFailed";

export function createBranchActions(set: SetState, get: GetState): BranchActions {
  /** Run `make` for the open conversation, then open the branch it names. */
  const branchTo = async (what: FailureKey, kind: string, make: (openId: string) => Promise<{ id: string }>): Promise<boolean> => {
    const from = get().openId;
    if (!from || get().pendingAction) return false;
    set({ pendingAction: "send" });
    try {
      const { id } = await make(from);
      emitAppEvent(kind === "switch" ? "branch-switched" : "branch-created", { id, from, kind });
      set({ pendingAction: null });
      get().refreshList();
      await get().openConversation(id);
      return true;
    } catch (error) {
      set({ pendingAction: null });
      toastFailure(get, t(what), error);
      return false;
    }
  };

  return {
    editMessage(seq, text) {
      if (!text.trim()) return Promise.resolve(false);
      return branchTo("toast.editFailed", "edit", (id) => api().request("runs:edit", { id, seq, text }));
    },
    regenerateReply(seq) {
      return branchTo("toast.regenerateFailed", "regenerate", (id) => api().request("runs:regenerate", { id, seq }));
    },
    branchOff(seq) {
      return branchTo("toast.branchFailed", "branch", (id) => api().request("conversations:branch", { id, seq }));
    },
    switchBranch(target) {
      return branchTo("toast.switchFailed", "switch", () => api().request("conversations:switch", { id: target }));
    },
  };
}
