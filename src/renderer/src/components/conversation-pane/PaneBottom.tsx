/** Below the messages: the interruption banner with Continue, the open question, and the composer. */
import type { ConversationView, Interruption } from "../../../../shared/view-types";
import type { PendingAction } from "../../store/conversation-slice";
import { AskPrompt } from "../AskPrompt";
import { Composer } from "../Composer";
import { InterruptionBanner } from "../InterruptionBanner";
import { useTranslation } from "../../i18n/react";

export interface PaneBottomProps {
  openId: string;
  running: boolean;
  /** Who runs it on another machine now: it cannot be run here until that ends. */
  elsewhere: string | null;
  pendingAsk: ConversationView["pendingAsk"];
  interruption: Interruption | null;
  pendingAction: PendingAction;
  onSubmit(text: string): Promise<boolean>;
  onAnswer(answer: string): void;
  onStop(): void;
  onContinue(): void;
  onOpenSettings(): void;
}

/** The composer's placeholder, as its key under `conversation.placeholder`. */
function placeholderFor(running: boolean, pendingAsk: PaneBottomProps["pendingAsk"], interruption: Interruption | null) {
  if (running) return "working";
  if (pendingAsk && !pendingAsk.choices?.length) return "answer";
  if (interruption) return "goOn";
  return "reply";
}

export function PaneBottom({ openId, running, elsewhere, pendingAsk, interruption: shownInterruption, pendingAction, onSubmit, onAnswer, onStop, onContinue, onOpenSettings }: PaneBottomProps) {
  // Running on another machine: it is not interrupted, and it cannot be sent to until that run ends.
  const interruption = elsewhere ? null : shownInterruption;
  const { t } = useTranslation();
  return (
    <div className="pane__bottom">
      {elsewhere && (
        <p className="elsewhere-notice" role="status" data-testid="running-elsewhere">
          {t("conversation.elsewhere", { machine: elsewhere })}
        </p>
      )}
      {interruption && <InterruptionBanner interruption={interruption} busy={pendingAction !== null} onContinue={onContinue} onOpenSettings={onOpenSettings} />}
      {pendingAsk && (
        <AskPrompt
          conversationId={openId}
          question={pendingAsk.question}
          choices={pendingAsk.choices?.length ? pendingAsk.choices : null}
          busy={pendingAction !== null}
          onAnswer={onAnswer}
        />
      )}
      <Composer
        draftKey={openId}
        running={running}
        busy={Boolean(elsewhere) || (pendingAction !== null && pendingAction !== "stop")}
        stopping={pendingAction === "stop"}
        placeholder={t(`conversation.placeholder.${elsewhere ? "elsewhere" : placeholderFor(running, pendingAsk, interruption)}`)}
        onSubmit={onSubmit}
        onStop={onStop}
        autoFocus={!pendingAsk?.choices?.length}
      />
    </div>
  );
}
