/** Below the messages: the interruption banner with Continue, the open question, and the composer. */
import type { ConversationView, Interruption } from "../../../../shared/view-types";
import type { PendingAction } from "../../store/conversation-slice";
import { AskPrompt } from "../AskPrompt";
import { Composer } from "../Composer";
import { InterruptionBanner } from "../InterruptionBanner";

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

function placeholderFor(running: boolean, pendingAsk: PaneBottomProps["pendingAsk"], interruption: Interruption | null): string {
  if (running) return "Alpine is working…";
  if (pendingAsk && !pendingAsk.choices?.length) return "Type your answer…";
  if (interruption) return "Send a message to go on…";
  return "Reply to Alpine…";
}

export function PaneBottom({ openId, running, elsewhere, pendingAsk, interruption: shownInterruption, pendingAction, onSubmit, onAnswer, onStop, onContinue, onOpenSettings }: PaneBottomProps) {
  // Running on another machine: it is not interrupted, and it cannot be sent to until that run ends.
  const interruption = elsewhere ? null : shownInterruption;
  return (
    <div className="pane__bottom">
      {elsewhere && (
        <p className="elsewhere-notice" role="status" data-testid="running-elsewhere">
          Running on another machine ({elsewhere}). You can send here once that run ends.
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
        placeholder={elsewhere ? "Running on another machine…" : placeholderFor(running, pendingAsk, interruption)}
        onSubmit={onSubmit}
        onStop={onStop}
        autoFocus={!pendingAsk?.choices?.length}
      />
    </div>
  );
}
