import { useShallow } from "zustand/react/shallow";
import { useAppStore } from "../../store/app-store";

/** What the sidebar reads of the store. */
export function useSidebarState() {
  return useAppStore(
    useShallow((s) => ({
      listTotal: s.listTotal,
      listPages: s.listPages,
      listLoaded: s.listLoaded,
      listVersion: s.listVersion,
      listQuery: s.listQuery,
      listError: s.listError,
      openId: s.openId,
      hasApiKey: s.settings?.hasApiKey ?? s.info?.hasApiKey ?? true,
    })),
  );
}

/** The store's actions the sidebar calls. */
export function useSidebarActions() {
  return useAppStore(
    useShallow((s) => ({
      setListQuery: s.setListQuery,
      ensureListRange: s.ensureListRange,
      listItemAt: s.listItemAt,
      openConversation: s.openConversation,
      renameConversation: s.renameConversation,
      deleteConversation: s.deleteConversation,
      setSettingsOpen: s.setSettingsOpen,
    })),
  );
}
