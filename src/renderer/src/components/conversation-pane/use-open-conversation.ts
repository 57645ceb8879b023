import { useShallow } from "zustand/react/shallow";
import { useAppStore } from "../../store/app-store";
import { selectOpenRunning } from "../../store/conversation-slice";
import { NO_REPLY_ROWS } from "../../store/reply-rows";

/** What the pane reads of the store. Not the streamed text: a frame's words render the streaming reply alone, not the pane. */
export function useOpenConversation() {
  return useAppStore(
    useShallow((s) => ({
      openId: s.openId,
      view: s.view,
      viewLoading: s.viewLoading,
      viewError: s.viewError,
      earlierLoading: s.earlierLoading,
      pendingAction: s.pendingAction,
      running: selectOpenRunning(s),
      liveEntries: s.openId ? s.live[s.openId]?.entries : undefined,
      liveTools: s.openId ? s.live[s.openId]?.tools : undefined,
      replyRows: (s.openId ? s.replyRows[s.openId] : undefined) ?? NO_REPLY_ROWS,
      hasApiKey: s.settings ? s.settings.hasApiKey : true,
      focusSeq: s.matchFocus && s.matchFocus.id === s.openId ? s.matchFocus.seq : null,
    })),
  );
}

/** The store's actions the pane calls. */
export function useConversationActions() {
  return useAppStore(
    useShallow((s) => ({
      loadEarlier: s.loadEarlier,
      submitMessage: s.submitMessage,
      answerAsk: s.answerAsk,
      stopRun: s.stopRun,
      continueRun: s.continueRun,
      setSettingsOpen: s.setSettingsOpen,
      reloadView: s.reloadView,
      matchFocusDone: s.matchFocusDone,
    })),
  );
}
