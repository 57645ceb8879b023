/** The right side of the window: the open conversation (or a new one), its prompts, and the composer. */
import { useCallback, useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { useAppStore } from "../store/app-store";
import { selectOpenRunning } from "../store/conversation-slice";
import { buildDisplayItems } from "../store/display-items";
import { withLiveItems } from "../store/live-display-items";
import { emitAppEvent } from "../app-events";
import { MessageList } from "./MessageList";
import { Composer } from "./Composer";
import { AskPrompt } from "./AskPrompt";
import { InterruptionBanner } from "./InterruptionBanner";
import { KeyMissingBanner } from "./KeyMissingBanner";
import { NewConversation } from "./NewConversation";
import { conversationStatus } from "./ConversationRow";
import type { ToolCardStatus } from "./ToolCard";
import { StreamingReply } from "./StreamingReply";
import { ThinkingIndicator } from "./ThinkingIndicator";

export function ConversationPane() {
  // Not the streamed text: a frame's words render the streaming reply alone, not the pane.
  const { openId, view, viewLoading, viewError, earlierLoading, pendingAction, running, liveEntries, liveTools, hasApiKey } = useAppStore(
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
      hasApiKey: s.settings ? s.settings.hasApiKey : true,
    })),
  );
  const { submitMessage, answerAsk, stopRun, continueRun, setSettingsOpen, reloadView, loadEarlier } = useAppStore(
    useShallow((s) => ({
      loadEarlier: s.loadEarlier,
      submitMessage: s.submitMessage,
      answerAsk: s.answerAsk,
      stopRun: s.stopRun,
      continueRun: s.continueRun,
      setSettingsOpen: s.setSettingsOpen,
      reloadView: s.reloadView,
    })),
  );

  const openAskId = view?.pendingAsk?.callId ?? null;
  // Built from the entries alone, so a change of the summary or the banner rebuilds no rows.
  const savedEntries = view?.entries;
  const savedItems = useMemo(() => (savedEntries ? buildDisplayItems(savedEntries) : []), [savedEntries]);
  const items = useMemo(() => {
    if (!savedEntries) return [];
    const all = withLiveItems(savedEntries, savedItems, liveEntries ?? []);
    // The open question is shown once, in the prompt above the composer.
    return openAskId ? all.filter((item) => !(item.kind === "ask" && item.callId === openAskId)) : all;
  }, [savedEntries, savedItems, liveEntries, openAskId]);

  // The open question ends its run: the model's own, or a tool's (a file write's Allow / Deny).
  const pendingAsk = view?.pendingAsk ?? null;
  const interruption = running ? null : (view?.interruption ?? null);

  const toolStatus = useCallback(
    (callId: string): ToolCardStatus | undefined => {
      if (pendingAsk?.callId === callId) return "waiting";
      const liveStatus = liveTools?.[callId];
      if (liveStatus) return liveStatus;
      if (running) return "running";
      if (interruption?.kind === "killed") return "unknown";
      if (interruption?.kind === "aborted") return "aborted";
      return undefined;
    },
    [liveTools, pendingAsk, running, interruption],
  );

  useEffect(() => {
    if (!view) return;
    emitAppEvent("conversation-opened", {
      id: view.summary.id,
      // The newest entries only: the others are loaded as the person scrolls up.
      entries: view.entries.length,
      firstSeq: view.firstSeq,
      totalEntries: view.totalEntries,
      interruption: view.interruption?.kind ?? null,
      pendingAsk: view.pendingAsk,
      running: view.summary.running,
      loadError: view.loadError,
    });
    // Announced once per conversation; later reloads announce "conversation-updated".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view?.summary.id]);

  // Announced when the view is fetched again or changes, not when older entries are put in front.
  const lastSeq = view?.entries.length ? view.entries[view.entries.length - 1].seq : -1;
  useEffect(() => {
    if (!view) return;
    emitAppEvent("conversation-updated", {
      id: view.summary.id,
      entries: view.entries.length,
      totalEntries: view.totalEntries,
      interruption: view.interruption?.kind ?? null,
      pendingAsk: view.pendingAsk,
      stoppedBy: view.summary.stoppedBy,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view?.summary, view?.pendingAsk, view?.interruption, view?.loadError, view?.totalEntries, lastSeq]);

  const title = view?.summary.title;
  useEffect(() => {
    document.title = openId && title ? `${title} · Alpine` : "Alpine";
  }, [openId, title]);

  const onStop = useCallback(() => void stopRun(), [stopRun]);
  // The same element across renders, so the list is not rendered again for it; these read the store themselves.
  const tail = useMemo(
    () =>
      openId ? (
        <>
          <StreamingReply conversationId={openId} />
          <ThinkingIndicator conversationId={openId} />
        </>
      ) : null,
    [openId],
  );
  const openSettings = () => setSettingsOpen(true);

  if (!openId) {
    return (
      <main className="pane" aria-label="New conversation">
        {!hasApiKey && <KeyMissingBanner onOpenSettings={openSettings} />}
        <NewConversation />
        <div className="pane__bottom">
          <Composer draftKey="new" running={false} busy={pendingAction === "send"} stopping={false} placeholder="Ask Alpine anything…" onSubmit={submitMessage} onStop={onStop} />
        </div>
      </main>
    );
  }

  const status = view ? conversationStatus({ ...view.summary, running }) : null;
  const placeholder = running
    ? "Alpine is working…"
    : pendingAsk && !pendingAsk.choices?.length
      ? "Type your answer…"
      : interruption
        ? "Send a message to go on…"
        : "Reply to Alpine…";

  return (
    <main className="pane" aria-label="Conversation">
      <header className="pane__header">
        <h1 className="pane__title" title={view?.summary.title}>
          {view?.summary.title ?? "Loading…"}
        </h1>
        {status && (
          <span className={`status status--${status.tone} status--pill`}>
            <span className="status__dot" aria-hidden="true" />
            {status.label}
          </span>
        )}
      </header>
      {/* The interruption banner says it already when the missing key stopped this run. */}
      {!hasApiKey && !/api key/i.test(interruption?.detail ?? "") && <KeyMissingBanner onOpenSettings={openSettings} />}

      {viewError ? (
        <div className="pane__center">
          <div className="callout callout--error" role="alert">
            <div>
              <p className="callout__title">This conversation could not be opened</p>
              <p className="callout__text">{viewError}</p>
              <button type="button" className="button button--secondary" onClick={() => void reloadView(openId)}>
                Try again
              </button>
            </div>
          </div>
        </div>
      ) : !view || viewLoading ? (
        <div className="pane__center" aria-busy="true">
          <span className="spinner spinner--large" aria-label="Loading the conversation" />
        </div>
      ) : (
        <>
          {view.loadError && (
            <div className="callout callout--error pane__load-error" role="alert">
              <div>
                <p className="callout__title">Part of this conversation could not be loaded</p>
                <p className="callout__text">{view.loadError}</p>
              </div>
            </div>
          )}
          <MessageList
            key={openId}
            conversationId={openId}
            hasEarlier={view.firstSeq > 0}
            loadingEarlier={earlierLoading}
            loadEarlier={loadEarlier}
            items={items}
            toolStatus={toolStatus}
            tail={tail}
          />
        </>
      )}

      <div className="pane__bottom">
        {interruption && <InterruptionBanner interruption={interruption} busy={pendingAction !== null} onContinue={() => void continueRun()} onOpenSettings={openSettings} />}
        {pendingAsk && (
          <AskPrompt
            conversationId={openId}
            question={pendingAsk.question}
            choices={pendingAsk.choices?.length ? pendingAsk.choices : null}
            busy={pendingAction !== null}
            onAnswer={(answer) => void answerAsk(answer)}
          />
        )}
        <Composer
          draftKey={openId}
          running={running}
          busy={pendingAction !== null && pendingAction !== "stop"}
          stopping={pendingAction === "stop"}
          placeholder={placeholder}
          onSubmit={submitMessage}
          onStop={onStop}
          autoFocus={!pendingAsk?.choices?.length}
        />
      </div>
    </main>
  );
}
