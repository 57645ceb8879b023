/**
 * The right side of the window: the open conversation (or a new one), its prompts, and the
 * composer. Its parts are in conversation-pane/: what it reads of the store, the rows and
 * tool statuses, the named events it announces, the header, the body and the bottom.
 */
import { useCallback, useMemo } from "react";
import { KeyMissingBanner } from "./KeyMissingBanner";
import { ThinkingIndicator } from "./ThinkingIndicator";
import { ConversationBody } from "./conversation-pane/ConversationBody";
import { NewConversationPane } from "./conversation-pane/NewConversationPane";
import { PaneBottom } from "./conversation-pane/PaneBottom";
import { PaneHeader } from "./conversation-pane/PaneHeader";
import { useConversationAnnouncements } from "./conversation-pane/use-conversation-announcements";
import { useConversationItems } from "./conversation-pane/use-conversation-items";
import { useConversationActions, useOpenConversation } from "./conversation-pane/use-open-conversation";
import { useKeptConversation } from "./conversation-pane/use-kept-conversation";
import { useTranslation } from "../i18n/react";

export function ConversationPane() {
  const { openId, view, viewLoading, viewError, earlierLoading, pendingAction, running, liveEntries, liveTools, replyRows, hasApiKey, focusSeq } = useOpenConversation();
  const { submitMessage, answerAsk, stopRun, continueRun, setSettingsOpen, reloadView, loadEarlier, matchFocusDone } = useConversationActions();

  // The open question ends its run: the model's own, or a tool's (a file write's Allow / Deny).
  const { t } = useTranslation();
  const pendingAsk = view?.pendingAsk ?? null;
  const interruption = running ? null : (view?.interruption ?? null);
  const { items, toolStatus } = useConversationItems({ view, liveEntries, liveTools, running, interruption, replyRows });
  // At launch, the rows kept from the last session stand in for the list until its own task.
  const keptRows = useKeptConversation(openId);
  useConversationAnnouncements(openId, view, keptRows === null);

  const onStop = useCallback(() => void stopRun(), [stopRun]);
  // The same element across renders, so the list is not rendered again for it; it reads the store itself.
  const tail = useMemo(() => (openId ? <ThinkingIndicator conversationId={openId} /> : null), [openId]);
  const openSettings = () => setSettingsOpen(true);

  if (!openId) {
    return <NewConversationPane hasApiKey={hasApiKey} sending={pendingAction === "send"} onSubmit={submitMessage} onStop={onStop} onOpenSettings={openSettings} />;
  }

  return (
    <main className="pane" aria-label={t("conversation.pane.label")}>
      <PaneHeader summary={view?.summary} running={running} view={view} />
      {/* The interruption banner says it already when the missing key stopped this run. */}
      {!hasApiKey && !/api key/i.test(interruption?.detail ?? "") && <KeyMissingBanner onOpenSettings={openSettings} />}
      <ConversationBody
        openId={openId}
        view={view}
        viewLoading={viewLoading}
        viewError={viewError}
        onRetry={() => void reloadView(openId)}
        keptRows={keptRows}
        loadingEarlier={earlierLoading}
        loadEarlier={loadEarlier}
        focusSeq={focusSeq}
        focusDone={matchFocusDone}
        items={items}
        toolStatus={toolStatus}
        tail={tail}
      />
      <PaneBottom
        openId={openId}
        running={running}
        elsewhere={running ? null : (view?.summary.runningElsewhere ?? null)}
        pendingAsk={pendingAsk}
        interruption={interruption}
        pendingAction={pendingAction}
        onSubmit={submitMessage}
        onAnswer={(answer) => void answerAsk(answer)}
        onStop={onStop}
        onContinue={() => void continueRun()}
        onOpenSettings={openSettings}
      />
    </main>
  );
}
