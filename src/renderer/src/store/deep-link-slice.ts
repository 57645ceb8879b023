/**
 * What alpine:// links ask, as the window carries it out: open a conversation; a new one
 * with the text in its composer (never sent: the person sends it); an MCP server shown for
 * confirmation (added through the usual "tools:addServer" only when the person confirms);
 * a refused link's reason as a notice. Main keeps what links asked until the window takes it.
 */
import type { StateCreator } from "zustand";
import type { DeepLinkAction, ProposedMcpServer } from "../../../shared/deep-link-types";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { composerDrafts, NEW_CONVERSATION_DRAFT } from "../lib/composer-drafts";
import { describeError } from "../lib/describe-error";
import { t } from "../i18n/i18n";
import type { AppState } from "./app-store";

export interface DeepLinkSlice {
  /** An MCP server a link proposes, waiting for the person's confirmation. */
  proposedServer: ProposedMcpServer | null;
  /** Bumped when a link fills the new conversation's composer, so a composer already shown picks it up. */
  composerFills: number;
  takeDeepLinks(): Promise<void>;
  applyDeepLink(action: DeepLinkAction): Promise<void>;
  /** The person confirmed the proposed server with these environment values; true when main added it. */
  confirmProposedServer(env: Record<string, string>): Promise<boolean>;
  dismissProposedServer(): void;
}

export const createDeepLinkSlice: StateCreator<AppState, [], [], DeepLinkSlice> = (set, get) => ({
  proposedServer: null,
  composerFills: 0,
  async takeDeepLinks() {
    try {
      const actions = await api().request("links:take", {});
      for (const action of actions) await get().applyDeepLink(action);
    } catch (error) {
      get().showToast("error", describeError(error));
    }
  },
  async applyDeepLink(action) {
    switch (action.kind) {
      case "open_conversation":
        await get().openConversation(action.conversationId);
        break;
      case "new_conversation":
        composerDrafts.set(NEW_CONVERSATION_DRAFT, action.text);
        await get().openConversation(null);
        set((s) => ({ composerFills: s.composerFills + 1 }));
        break;
      case "add_mcp_server":
        set({ proposedServer: action.server });
        break;
      case "refused":
        get().showToast("error", action.error.message);
        break;
    }
    emitAppEvent("deep-link-applied", { kind: action.kind });
  },
  async confirmProposedServer(env) {
    const server = get().proposedServer;
    if (!server) return false;
    const added = await get().changeTools("tools:addServer", { name: server.name, transport: "stdio", command: server.command, args: server.args, env });
    if (added) set({ proposedServer: null });
    else get().showToast("error", get().toolsError ?? t("toast.serverNotAdded"));
    return added;
  },
  dismissProposedServer() {
    set({ proposedServer: null });
  },
});
