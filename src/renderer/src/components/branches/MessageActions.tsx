/**
 * What a person can do with a message to make a branch: edit one of theirs and send it,
 * regenerate a reply, or branch into a new conversation from here. The old branch is kept.
 */
import { useState } from "react";
import { useAppStore } from "../../store/app-store";
import { useTranslation } from "../../i18n/react";
import { BranchSwitcher } from "./BranchSwitcher";
import { MessageEditor } from "./MessageEditor";

interface MessageActionsProps {
  seq: number;
  kind: "user" | "assistant";
  text: string;
  /** This row carries its entry's branch switcher (an entry's other rows do not). */
  switcher: boolean;
}

export function MessageActions({ seq, kind, text, switcher }: MessageActionsProps) {
  const [editing, setEditing] = useState(false);
  const { t } = useTranslation();
  const busy = useAppStore((s) => s.pendingAction !== null);
  const { regenerateReply, branchOff } = useAppStore.getState();
  if (editing) return <MessageEditor seq={seq} initial={text} onDone={() => setEditing(false)} />;
  return (
    <div className={`message-actions message-actions--${kind}`} data-seq={seq}>
      {switcher && <BranchSwitcher seq={seq} />}
      {kind === "user" ? (
        <button type="button" className="message-actions__button" disabled={busy} onClick={() => setEditing(true)}>
          {t("branch.edit")}
        </button>
      ) : (
        <button type="button" className="message-actions__button" disabled={busy} onClick={() => void regenerateReply(seq)}>
          {t("branch.regenerate")}
        </button>
      )}
      <button type="button" className="message-actions__button" disabled={busy} onClick={() => void branchOff(seq)} title={t("branch.branchOffHint")}>
        {t("branch.branchOff")}
      </button>
    </div>
  );
}
