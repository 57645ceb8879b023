/** The middle of the pane: the message list, or why it cannot be shown yet. */
import type { ComponentProps } from "react";
import type { ConversationView } from "../../../../shared/view-types";
import { MessageList } from "../MessageList";
import { KeptRows } from "./KeptRows";
import { useTranslation } from "../../i18n/react";

type ListProps = Omit<ComponentProps<typeof MessageList>, "hasEarlier" | "conversationId">;

export interface ConversationBodyProps extends ListProps {
  openId: string;
  view: ConversationView | null;
  viewLoading: boolean;
  viewError: string | null;
  onRetry: () => void;
  /** The kept first screen's rows of this conversation, shown until the live list's turn (use-kept-conversation.ts). */
  keptRows?: HTMLElement | null;
}

export function ConversationBody({ openId, view, viewLoading, viewError, onRetry, keptRows = null, ...list }: ConversationBodyProps) {
  const { t } = useTranslation();
  if (viewError) {
    return (
      <div className="pane__center">
        <div className="callout callout--error" role="alert">
          <div>
            <p className="callout__title">{t("conversation.pane.openFailed")}</p>
            <p className="callout__text">{viewError}</p>
            <button type="button" className="button button--secondary" onClick={onRetry}>
              {t("conversation.pane.tryAgain")}
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (!view || viewLoading) {
    return (
      <div className="pane__center" aria-busy="true">
        <span className="spinner spinner--large" aria-label={t("conversation.pane.loading")} />
      </div>
    );
  }
  return (
    <>
      {view.loadError && (
        <div className="callout callout--error pane__load-error" role="alert">
          <div>
            <p className="callout__title">{t("conversation.pane.partFailed")}</p>
            <p className="callout__text">{view.loadError}</p>
          </div>
        </div>
      )}
      {keptRows ? <KeptRows rows={keptRows} /> : <MessageList key={openId} conversationId={openId} hasEarlier={view.firstSeq > 0} {...list} />}
    </>
  );
}
