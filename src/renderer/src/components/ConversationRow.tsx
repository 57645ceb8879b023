/** One conversation in the sidebar: its title, how it stands, when it last changed; rename and delete. */
import { memo, useEffect, useRef, useState } from "react";
import type { ConversationSummary } from "../../../shared/view-types";
import { fullTime, relativeTime } from "../lib/relative-time";
import { PencilIcon, TrashIcon } from "./icons";

interface ConversationRowProps {
  summary: ConversationSummary;
  active: boolean;
  onOpen(id: string): void;
  onRename(id: string, title: string): void;
  onDelete(summary: ConversationSummary): void;
}

export function conversationStatus(summary: ConversationSummary): { label: string; tone: "live" | "wait" | "warn" | "quiet" } | null {
  if (summary.running) return { label: "Running", tone: "live" };
  switch (summary.stoppedBy) {
    case "ask":
      return { label: "Waiting for you", tone: "wait" };
    case "error":
      return { label: "Error", tone: "warn" };
    case "aborted":
      return { label: "Stopped", tone: "quiet" };
    case "max_steps":
      return { label: "Step limit reached", tone: "quiet" };
    case null:
      return { label: "Interrupted", tone: "warn" };
    default:
      return null;
  }
}

export const ConversationRow = memo(function ConversationRow({ summary, active, onOpen, onRename, onDelete }: ConversationRowProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(summary.title);
  const input = useRef<HTMLInputElement>(null);
  const status = conversationStatus(summary);

  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    }
  }, [editing]);

  const finish = (save: boolean) => {
    // Enter ends the edit, and the field's blur that follows must not end it twice.
    if (!editing) return;
    setEditing(false);
    if (save && draft.trim() && draft.trim() !== summary.title) onRename(summary.id, draft);
  };

  if (editing) {
    return (
      <div className="conversation-row conversation-row--editing" data-conversation-id={summary.id}>
        <input
          ref={input}
          className="conversation-row__rename"
          aria-label="New title"
          value={draft}
          maxLength={300}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") finish(true);
            if (e.key === "Escape") {
              e.stopPropagation();
              finish(false);
            }
          }}
          onBlur={() => finish(true)}
        />
      </div>
    );
  }

  return (
    <div className={`conversation-row${active ? " conversation-row--active" : ""}`} data-conversation-id={summary.id}>
      <button
        type="button"
        data-row-focus
        className="conversation-row__open"
        aria-current={active ? "page" : undefined}
        onClick={() => onOpen(summary.id)}
        onKeyDown={(e) => {
          if (e.key === "F2") {
            e.preventDefault();
            setDraft(summary.title);
            setEditing(true);
          } else if (e.key === "Delete") {
            e.preventDefault();
            onDelete(summary);
          }
        }}
        title={summary.title}
      >
        <span className="conversation-row__title">{summary.title}</span>
        {/* How the conversation stands matters more than when it changed; the time stays in the tooltip. */}
        {status ? (
          <span className={`status status--${status.tone}`} data-status={status.label} title={fullTime(summary.updatedAt)}>
            <span className="status__dot" aria-hidden="true" />
            {status.label}
          </span>
        ) : (
          <time className="conversation-row__time" dateTime={summary.updatedAt} title={fullTime(summary.updatedAt)}>
            {relativeTime(summary.updatedAt)}
          </time>
        )}
      </button>
      <span className="conversation-row__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Rename “${summary.title}”`}
          title="Rename (F2)"
          onClick={() => {
            setDraft(summary.title);
            setEditing(true);
          }}
        >
          <PencilIcon />
        </button>
        <button type="button" className="icon-button icon-button--danger" aria-label={`Delete “${summary.title}”`} title="Delete" onClick={() => onDelete(summary)}>
          <TrashIcon />
        </button>
      </span>
    </div>
  );
});
