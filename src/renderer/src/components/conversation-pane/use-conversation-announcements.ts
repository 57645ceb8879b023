/**
 * What the open conversation tells the outside: the named window events end-to-end tests
 * wait on (`conversation-opened`, `conversation-updated`) and the window's title. The events
 * wait for the live list (`listShown`): at launch, kept rows may stand in for it for a task.
 */
import { useEffect } from "react";
import type { ConversationView } from "../../../../shared/view-types";
import { emitAppEvent } from "../../app-events";
import { useTranslation } from "../../i18n/react";

export function useConversationAnnouncements(openId: string | null, view: ConversationView | null, listShown = true): void {
  useEffect(() => {
    if (!view || !listShown) return;
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
  }, [view?.summary.id, listShown]);

  // Announced when the view is fetched again or changes, not when older entries are put in front.
  const lastSeq = view?.entries.length ? view.entries[view.entries.length - 1].seq : -1;
  useEffect(() => {
    if (!view || !listShown) return;
    emitAppEvent("conversation-updated", {
      id: view.summary.id,
      entries: view.entries.length,
      totalEntries: view.totalEntries,
      interruption: view.interruption?.kind ?? null,
      pendingAsk: view.pendingAsk,
      stoppedBy: view.summary.stoppedBy,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view?.summary, view?.pendingAsk, view?.interruption, view?.loadError, view?.totalEntries, lastSeq, listShown]);

  const title = view?.summary.title;
  const { t } = useTranslation();
  useEffect(() => {
    document.title = openId && title ? t("app.windowTitle", { title }) : t("app.name");
  }, [openId, title, t]);
}
