/**
 * When a run deserves a system notification, and what it says: a run that ended (replied,
 * hit its step limit, or failed) or that waits for the person (a question, or an approval to
 * use a tool) while the window is not focused. A run the person stopped, or one stopped by
 * quitting, says nothing. Plain rules, without Electron.
 */
import type { DesktopSettings } from "../../../shared/desktop-types";
import type { StoppedBy } from "../../../shared/wire-types";
import { ENGLISH_WORDS, type Words } from "../words/words";

/** At most this much of a question or an error is shown (a notification is a glance). */
const BODY_CHARS = 160;
const TITLE_CHARS = 80;

export type NoticeKind = "ended" | "waiting";

export interface Notice {
  /** The conversation (branch) a click opens. */
  conversationId: string;
  kind: NoticeKind;
  title: string;
  body: string;
}

/** How a run stopped, with what the notification needs to say it. */
export interface RunStop {
  stoppedBy: StoppedBy;
  error: { message: string } | null;
  /** The last tool the run called: "ask" is a question, any other the approval it waits for. */
  lastTool: { name: string; input: unknown } | null;
}

export const ASK_TOOL_NAME = "ask";

/** Whether a stop is one the person is told of, and as which kind. */
export function noticeKind(stop: RunStop): NoticeKind | null {
  switch (stop.stoppedBy) {
    case "ask":
      return "waiting";
    case "end_turn":
    case "finish":
    case "max_steps":
    case "error":
      return "ended";
    default:
      // Aborted: the person pressed Stop, or the app is quitting; null: it never ran.
      return null;
  }
}

export function shouldNotify(kind: NoticeKind, settings: Pick<DesktopSettings, "notifyRunEnded" | "notifyWaiting">, windowFocused: boolean): boolean {
  if (windowFocused) return false;
  return kind === "ended" ? settings.notifyRunEnded : settings.notifyWaiting;
}

/** What the notification says happened, in the person's language (the question and the error as they came). */
export function noticeBody(stop: RunStop, words: Words = ENGLISH_WORDS): string {
  switch (stop.stoppedBy) {
    case "ask": {
      if (stop.lastTool && stop.lastTool.name !== ASK_TOOL_NAME) return words.t("notice.approval", { tool: short(stop.lastTool.name, 60) });
      const question = questionOf(stop.lastTool?.input);
      return question ? words.t("notice.question", { question: short(question, BODY_CHARS) }) : words.t("notice.answer");
    }
    case "error":
      return stop.error ? words.t("notice.errorWithMessage", { message: short(stop.error.message, BODY_CHARS) }) : words.t("notice.error");
    case "max_steps":
      return words.t("notice.maxSteps");
    default:
      return words.t("notice.replyReady");
  }
}

/** The conversation's title as the notification's title: its title, else its first words, else a plain name. */
export function noticeTitle(summary: { title: string; task: string } | undefined): string {
  const title = summary?.title.trim() || summary?.task.trim() || "";
  return title === "" ? "Alpine" : short(title, TITLE_CHARS);
}

function questionOf(input: unknown): string | null {
  const question = (input as { question?: unknown } | null)?.question;
  return typeof question === "string" && question.trim() !== "" ? question.trim() : null;
}

function short(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
