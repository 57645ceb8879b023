/**
 * One tool call: what was called with which input, how it stands, and its result.
 * "Unknown outcome" is spelled out, because it asks something of the person: the
 * app stopped while the tool ran, so it may or may not have taken effect.
 */
import { memo, useEffect, useRef } from "react";
import { useShallow } from "zustand/react/shallow";
import type { ToolResultView } from "../store/display-items";
import type { LiveToolStatus } from "../store/live-run";
import { ChevronIcon, ToolIcon } from "./icons";
import { useRememberedState } from "../lib/use-remembered-state";
import { MODEL_TOLD_TEXT, useModelTold } from "./tool-card/use-model-told";
import { useAppStore } from "../store/app-store";
import { mcpOrigin } from "../store/mcp-origin";
import { useTranslation } from "../i18n/react";
import { formatNumber } from "../i18n/format";

export type ToolCardStatus = LiveToolStatus | "waiting" | "not_run";
type ShownStatus = ToolCardStatus | "denied";

/** A write the person denied ran fine as a tool, but "Done" would misread it. */
const DENIED_RESULT = /^The person denied/;

interface ToolCardProps {
  callId: string;
  name: string;
  input: unknown;
  result: ToolResultView | null;
  status: ToolCardStatus;
}

/** The catalogue's word for each status. */
const STATUS_LABELS = {
  denied: "tool.status.denied",
  running: "tool.status.running",
  done: "tool.status.done",
  error: "tool.status.error",
  aborted: "tool.status.aborted",
  unknown: "tool.status.unknown",
  waiting: "tool.status.waiting",
  not_run: "tool.status.notRun",
} as const satisfies Record<ShownStatus, string>;

/** `list_files` → `List files`. */
export function toolTitle(name: string): string {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The part of the input a person looks for first: a path, a pattern, a query. */
function inputSummary(input: unknown): string {
  if (!input || typeof input !== "object") return input === undefined ? "" : JSON.stringify(input);
  const record = input as Record<string, unknown>;
  for (const key of ["path", "file", "pattern", "query", "url", "command", "name"]) {
    if (typeof record[key] === "string" && record[key]) return String(record[key]);
  }
  const json = JSON.stringify(record);
  return json === "{}" ? "" : json;
}

const RESULT_PREVIEW_CHARS = 4000;

export const ToolCard = memo(function ToolCard({ callId, name, input, result, status: callStatus }: ToolCardProps) {
  // Only this tool's origin: a change elsewhere in the tools settings (another server's status) does not redraw the card.
  const origin = useAppStore(useShallow((s) => mcpOrigin(s.tools, name)));
  const { t } = useTranslation();
  const status: ShownStatus = callStatus === "done" && DENIED_RESULT.test(result?.text ?? "") ? "denied" : callStatus;
  // Results that need attention start open; routine ones stay folded. Remembered by call,
  // so a card scrolled out of the page and back is as the person left it.
  const [open, setOpen] = useRememberedState(`tool-open:${callId}`, () => status === "error" || status === "unknown");
  const [showAll, setShowAll] = useRememberedState(`tool-all:${callId}`, () => false);
  // A call that turns into one needing attention opens; one that mounts so is open already.
  const seenStatus = useRef(status);
  useEffect(() => {
    if (seenStatus.current === status) return;
    seenStatus.current = status;
    if (status === "error" || status === "unknown") setOpen(true);
  }, [status, setOpen]);
  const summary = inputSummary(input);
  const inputJson = JSON.stringify(input ?? {}, null, 2);
  const resultText = result?.text ?? "";
  const clipped = !showAll && resultText.length > RESULT_PREVIEW_CHARS;
  const bodyId = `tool-${callId}`;
  const told = useModelTold(status === "unknown" ? result?.seq : undefined);
  const statusLabel = t(STATUS_LABELS[status]);
  const label = origin ? t("tool.labelMcp", { tool: origin.tool, server: origin.server, status: statusLabel }) : t("tool.label", { name: toolTitle(name), status: statusLabel });

  return (
    <section className={`tool-card tool-card--${status}`} data-call-id={callId} data-tool-status={status} aria-label={label}>
      <button type="button" className="tool-card__head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="tool-card__chevron">
          <ChevronIcon />
        </span>
        <span className="tool-card__icon">
          <ToolIcon />
        </span>
        <span className="tool-card__name">{origin ? (origin.title ?? origin.tool) : toolTitle(name)}</span>
        {origin && <span className="tool-card__server" title={t("tool.serverTitle", { server: origin.server, tool: origin.tool })}>{origin.server}</span>}
        {summary && <code className="tool-card__summary">{summary}</code>}
        <span className={`tool-status tool-status--${status}`}>
          {status === "running" && <span className="spinner" aria-hidden="true" />}
          {statusLabel}
        </span>
      </button>

      {status === "unknown" && (
        <p className="tool-card__explain">
          {t("tool.unknownExplain")} <span data-model-told={told}>{t(MODEL_TOLD_TEXT[told])}</span>
        </p>
      )}
      {status === "aborted" && <p className="tool-card__explain">{t("tool.abortedExplain")}</p>}

      {open && (
        <div className="tool-card__body" id={bodyId}>
          <div className="tool-card__section">
            <span className="tool-card__label">{t("tool.input")}</span>
            <pre className="tool-card__pre">{inputJson}</pre>
          </div>
          {result && (
            <div className="tool-card__section">
              <span className="tool-card__label">{t("tool.result")}</span>
              <pre className="tool-card__pre">{clipped ? `${resultText.slice(0, RESULT_PREVIEW_CHARS)}…` : resultText}</pre>
              {result.images?.map((image, i) => (
                <img key={i} className="tool-card__image" alt={t("tool.imageAlt", { number: formatNumber(i + 1) })} src={`data:${image.mediaType};base64,${image.data}`} />
              ))}
              {clipped && (
                <button type="button" className="link-button" onClick={() => setShowAll(true)}>
                  {t("tool.showAll", { count: resultText.length, shown: formatNumber(resultText.length) })}
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
});
