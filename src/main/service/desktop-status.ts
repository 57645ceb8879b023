/**
 * What the desktop layer could not do, kept for the window: a quick-entry shortcut another app
 * holds (or one the system refuses) is said in the window, at once if it is open and when it
 * opens otherwise, never only in a log. Put in words when the window asks, in the language of
 * that moment (and said again when the language changes).
 */
import type { DesktopStatus } from "../../shared/desktop-types";
import type { AppEventBus } from "./app-event-bus";
import { ENGLISH_WORDS, type Words } from "./words/words";

/** Why the asked shortcut is not registered: the shortcut as the person knows it, and the system's reason if it gave one. */
export interface ShortcutProblem {
  shortcut: string;
  detail: string | null;
}

export class DesktopStatusKeeper {
  private shortcut: string | null = null;
  private problem: ShortcutProblem | null = null;

  constructor(
    private readonly bus: AppEventBus,
    private readonly words: () => Words = () => ENGLISH_WORDS,
  ) {}

  view(): DesktopStatus {
    return { shortcut: this.shortcut, shortcutProblem: this.problem ? problemText(this.problem, this.words()) : null };
  }

  /** The shortcut now registered (null: none), or why the asked one is not. */
  setShortcut(shortcut: string | null, problem: ShortcutProblem | null): void {
    this.shortcut = shortcut;
    this.problem = problem ? { ...problem } : null;
    this.changed();
  }

  /** The language changed: a problem shown is said again in it. */
  refresh(): void {
    if (this.problem) this.changed();
  }

  private changed(): void {
    this.bus.emit({ type: "desktop_status", status: this.view() });
  }
}

function problemText(problem: ShortcutProblem, words: Words): string {
  return problem.detail === null
    ? words.t("shortcut.taken", { shortcut: problem.shortcut })
    : words.t("shortcut.refused", { shortcut: problem.shortcut, detail: problem.detail });
}
