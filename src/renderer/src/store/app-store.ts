/**
 * The window's one zustand store, built from slices: the conversation list, the open
 * conversation (with the live runs), settings, short-lived notices (toasts), and
 * whether the connection to the main process still holds.
 * Components read it with narrow selectors (`useShallow`), so a streamed word only
 * re-renders the message it belongs to.
 */
import { create } from "zustand";
import { createListSlice, type ListSlice } from "./list-slice";
import { createConversationSlice, type ConversationSlice } from "./conversation-slice";
import { createSettingsSlice, type SettingsSlice } from "./settings-slice";
import { createToastSlice, type ToastSlice } from "./toast-slice";
import { createConnectionSlice, type ConnectionSlice } from "./connection-slice";
import { createToolsSlice, type ToolsSlice } from "./tools-slice";
import { createBundlesSlice, type BundlesSlice } from "./bundles-slice";
import { createUpdatesSlice, type UpdatesSlice } from "./updates-slice";
import { createTransferSlice, type TransferSlice } from "./transfer-slice";
import { createStorageSlice, type StorageSlice } from "./storage-slice";
import { createDamageSlice, type DamageSlice } from "./damage-slice";
import { createDeepLinkSlice, type DeepLinkSlice } from "./deep-link-slice";
import { createDesktopSlice, type DesktopSlice } from "./desktop-slice";
import { createLanguageSlice, type LanguageSlice } from "./language-slice";
import type { AppEvent } from "../../../shared/ipc-contract";

export interface EventSlice {
  /** Route one app event from the main process to the slices it concerns. */
  handleAppEvent(event: AppEvent): void;
}

export type AppState = ListSlice &
  ConversationSlice &
  SettingsSlice &
  ToastSlice &
  ConnectionSlice &
  UpdatesSlice &
  TransferSlice &
  ToolsSlice &
  BundlesSlice &
  StorageSlice &
  DamageSlice &
  DeepLinkSlice &
  DesktopSlice &
  LanguageSlice &
  EventSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createListSlice(...a),
  ...createConversationSlice(...a),
  ...createSettingsSlice(...a),
  ...createToastSlice(...a),
  ...createConnectionSlice(...a),
  ...createToolsSlice(...a),
  ...createBundlesSlice(...a),
  ...createUpdatesSlice(...a),
  ...createTransferSlice(...a),
  ...createStorageSlice(...a),
  ...createDamageSlice(...a),
  ...createDeepLinkSlice(...a),
  ...createDesktopSlice(...a),
  ...createLanguageSlice(...a),
  handleAppEvent(event) {
    const [, get] = a;
    switch (event.type) {
      case "step":
        get().handleStepEvent(event.conversationId, event.event);
        break;
      case "conversation_changed":
        get().applySummary(event.summary);
        get().applyOpenSummary(event.summary);
        get().applyInterruptedChange(event.summary.id, event.summary);
        break;
      case "conversation_deleted":
        get().removeFromList(event.id);
        get().forgetConversation(event.id);
        get().applyInterruptedChange(event.id, null);
        break;
      case "update_status":
        get().applyUpdateStatus(event.status);
        break;
      case "show_updates":
        // "Check for Updates…" in the menu: the updates are shown in Settings.
        if (!get().settingsOpen) get().setSettingsOpen(true);
        break;
      case "import_progress":
        get().handleImportProgress(event.progress);
        break;
      case "mcp_changed":
        get().applyTools(event.tools);
        break;
      case "bundle_opened":
      case "bundle_refused":
        get().showOpenedBundle(event.type === "bundle_opened" ? { review: event.review } : { error: event.message });
        break;
      case "storage_status":
        get().applyStorageStatus(event.status);
        break;
      case "storage_move":
        get().applyMoveProgress(event.progress);
        break;
      case "conversation_saved_elsewhere":
        // Another machine went on with the conversation shown here: show what it saved.
        if (get().openId === event.id && !get().live[event.id]) void get().reloadView(event.id);
        break;
      case "conversations_reset":
        get().reloadConversations();
        break;
      case "database_checked":
        get().applyDatabaseCheck(event.check);
        break;
      case "deep_links_waiting":
        void get().takeDeepLinks();
        break;
      case "desktop_status":
        get().applyDesktopStatus(event.status);
        break;
      case "language_changed":
        get().followLanguage(event);
        break;
    }
  },
}));
