/** One row of a conversation: a message, a reply, a tool card, a question, or a notice. */
import { memo } from "react";
import type { DisplayItem } from "../store/display-items";
import type { ToolCardStatus } from "./ToolCard";
import { ToolCard } from "./ToolCard";
import { Markdown } from "../markdown/Markdown";
import { fullTime } from "../lib/relative-time";
import { tidyErrorText } from "../lib/tidy-error-text";
import { AlertIcon, InfoIcon, LayersIcon, QuestionIcon } from "./icons";
import { useRememberedState } from "../lib/use-remembered-state";
import { AttachmentChips } from "./attachments/AttachmentChip";
import { ThinkingBlock, UsageLine } from "./reply/ReplyExtras";
import { MessageActions } from "./branches/MessageActions";
import { AssistantReply } from "./reply/AssistantReply";

interface MessageItemProps {
  item: DisplayItem;
  /** For tool cards: the status when the call has no saved result yet. */
  toolStatus?: ToolCardStatus;
}

/** Headings for the error classes a person meets most; the entry's own text follows. */
const ERROR_TITLES: Record<string, string> = {
  MissingApiKeyError: "No API key",
  AuthenticationError: "API key refused",
  PermissionDeniedError: "Not permitted",
  RateLimitError: "Rate limited",
  OverloadedError: "Service overloaded",
  APIConnectionError: "Network problem",
  APIConnectionTimeoutError: "Network timeout",
  InternalServerError: "Service error",
  AbortError: "Stopped",
  NotFoundError: "Model not found",
};

/** Errors that mean the run was stopped on purpose (Stop, quitting): not failures. */
const STOP_REASONS: Record<string, string> = {
  StoppedByPersonError: "Stopped: you pressed Stop",
  ServiceShuttingDownError: "Stopped: Alpine was quitting",
  AbortError: "Stopped",
};

export function errorTitle(name: string): string {
  return ERROR_TITLES[name] ?? "Something went wrong";
}

function MessageItemView({ item, toolStatus }: MessageItemProps) {
  switch (item.kind) {
    case "user":
      return (
        <div className="message message--user" data-seq={item.seq}>
          {item.answersCallId && <span className="message__label">Your answer</span>}
          <AttachmentChips attachments={item.attachments} />
          {item.text && (
            <div className="message__bubble" title={fullTime(item.at)} dir="auto">
              {item.text}
            </div>
          )}
          {!item.answersCallId && <MessageActions seq={item.seq} kind="user" text={item.text} switcher={item.switcher === true} />}
        </div>
      );
    case "thinking":
      return <ThinkingBlock text={item.text} redacted={item.redacted} ms={item.ms} seq={item.seq} />;
    case "usage":
      return <UsageLine usage={item.usage} model={item.model} seq={item.seq} />;
    case "assistant":
      return <AssistantReply item={item} />;
    case "finish":
      return (
        <div className="message message--assistant message--final" data-seq={item.seq}>
          <Markdown text={item.answer} />
        </div>
      );
    case "tool":
      return <ToolCard callId={item.callId} name={item.name} input={item.input} result={item.result} status={item.result?.status ?? toolStatus ?? "not_run"} />;
    case "ask":
      return (
        <div className="message message--ask" data-seq={item.seq}>
          <span className="message__label">
            <QuestionIcon /> Alpine asked
          </span>
          <Markdown text={item.question} />
        </div>
      );
    case "compaction":
      return <CompactionNotice text={item.text} through={item.through} />;
    case "notice":
      return (
        <div className="callout callout--info" role="note" data-seq={item.seq}>
          <InfoIcon />
          <div>
            <p className="callout__text">{item.text}</p>
            {item.calls.length > 0 && (
              <p className="callout__detail">
                Calls that may or may not have run: {item.calls.map((c) => `${c.name} (${c.id})`).join(", ")}
              </p>
            )}
          </div>
        </div>
      );
    case "error":
      if (STOP_REASONS[item.name]) {
        return (
          <div className="stop-marker" role="note" data-seq={item.seq} data-error-name={item.name}>
            <span className="stop-marker__line" aria-hidden="true" />
            <span className="stop-marker__label">{STOP_REASONS[item.name]}</span>
            <span className="stop-marker__line" aria-hidden="true" />
          </div>
        );
      }
      return (
        <div className="callout callout--error" role="note" data-seq={item.seq} data-error-name={item.name}>
          <AlertIcon />
          <div>
            <p className="callout__title">{errorTitle(item.name)}</p>
            <p className="callout__text">{tidyErrorText(item.text, item.name)}</p>
          </div>
        </div>
      );
  }
}

function CompactionNotice({ text, through }: { text: string; through: number }) {
  const [open, setOpen] = useRememberedState(`compaction-open:${through}:${text.length}`, () => false);
  return (
    <div className="compaction" role="note">
      <span className="compaction__line" aria-hidden="true" />
      <button type="button" className="compaction__label" aria-expanded={open} onClick={() => setOpen(!open)}>
        <LayersIcon />
        Earlier steps summarized to keep the conversation within the model's limits {open ? "· hide summary" : "· show summary"}
      </button>
      <span className="compaction__line" aria-hidden="true" />
      {open && (
        <div className="compaction__summary" data-through={through}>
          <Markdown text={text} />
        </div>
      )}
    </div>
  );
}

/** Rows are rebuilt whenever history grows; a row whose content did not change is not rendered again. */
export function sameItem(a: MessageItemProps, b: MessageItemProps): boolean {
  if (a.toolStatus !== b.toolStatus) return false;
  const x = a.item as Record<string, unknown>;
  const y = b.item as Record<string, unknown>;
  if (x === y) return true;
  const keys = Object.keys(x);
  // An optional field that one of them has and the other lacks (`partial`, `switcher`, `leaving`) is a change.
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) {
    if (key === "result") {
      const rx = x.result as { status: string; text: string } | null;
      const ry = y.result as { status: string; text: string } | null;
      if (rx?.status !== ry?.status || rx?.text !== ry?.text) return false;
    } else if (key === "input" || key === "calls" || key === "attachments" || key === "usage") {
      if (JSON.stringify(x[key]) !== JSON.stringify(y[key])) return false;
    } else if (x[key] !== y[key]) return false;
  }
  return true;
}

export const MessageItem = memo(MessageItemView, sameItem);
