/**
 * What waits for the person and what runs, from the app's events: the conversations whose
 * run waits for an answer or an approval (the dock/taskbar badge counts them, the tray lists
 * them), the ones running now (the tray lists them with their state), and the notices a
 * desktop layer shows as system notifications when the window is not focused. No Electron:
 * the Electron layer says whether the window is focused and shows what this decides.
 */
import type { AppEvent } from "../../../shared/ipc-contract";
import type { DesktopSettings } from "../../../shared/desktop-types";
import type { StepEvent } from "../../../shared/wire-types";
import type { AppEventBus } from "../app-event-bus";
import { ENGLISH_WORDS, type Words } from "../words/words";
import { type Notice, noticeBody, noticeKind, noticeTitle, type RunStop, shouldNotify } from "./attention-rules";

/** What a conversation does now, put in words where it is shown (the tray). */
export type AttentionState = { kind: "starting" | "thinking" | "writing" | "waiting" } | { kind: "using"; tool: string };

export interface AttentionEntry {
  conversationId: string;
  title: string;
  /** For a running one: what it does now (thinking, using read_file, writing). */
  state: AttentionState;
}

export interface AttentionSnapshot {
  running: AttentionEntry[];
  waiting: AttentionEntry[];
  /** What the badge shows: the waiting conversations, or 0 when the badge is off. */
  badgeCount: number;
}

export class Attention {
  private readonly summaries = new Map<string, { title: string; task: string }>();
  private readonly running = new Map<string, AttentionState>();
  private readonly waiting = new Map<string, AttentionState>();
  private readonly lastTool = new Map<string, { name: string; input: unknown }>();
  private readonly noticeListeners = new Set<(notice: Notice) => void>();
  private readonly changeListeners = new Set<(snapshot: AttentionSnapshot) => void>();
  private windowFocused = true;

  /** `words`: the language a notice is written in, asked at each notice (it follows the language setting). */
  constructor(
    bus: AppEventBus,
    private readonly settings: () => DesktopSettings,
    private readonly words: () => Words = () => ENGLISH_WORDS,
  ) {
    bus.on((event) => this.handle(event));
  }

  /** The Electron layer tells whether the main window has the focus (no notification while it has). */
  setWindowFocused(focused: boolean): void {
    this.windowFocused = focused;
  }

  onNotice(listener: (notice: Notice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => void this.noticeListeners.delete(listener);
  }

  /** Called with a new snapshot whenever what runs or waits changes. */
  onChange(listener: (snapshot: AttentionSnapshot) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  snapshot(): AttentionSnapshot {
    const entries = (map: Map<string, AttentionState>) =>
      [...map].map(([conversationId, state]) => ({ conversationId, title: noticeTitle(this.summaries.get(conversationId)), state: { ...state } }));
    return { running: entries(this.running), waiting: entries(this.waiting), badgeCount: this.settings().badgeCount ? this.waiting.size : 0 };
  }

  /** Settings changed (the badge turned on or off): listeners get the new snapshot. */
  refresh(): void {
    this.changed();
  }

  private handle(event: AppEvent): void {
    switch (event.type) {
      case "conversation_changed":
        this.summaries.set(event.summary.id, { title: event.summary.title, task: event.summary.task });
        break;
      case "conversation_deleted":
        this.summaries.delete(event.id);
        if (this.running.delete(event.id) || this.waiting.delete(event.id)) this.changed();
        break;
      case "step":
        this.step(event.conversationId, event.event);
        break;
    }
  }

  private step(id: string, event: StepEvent): void {
    switch (event.type) {
      case "run_start":
        this.waiting.delete(id);
        this.lastTool.delete(id);
        this.running.set(id, { kind: "starting" });
        return this.changed();
      case "think_start":
        return this.setState(id, { kind: "thinking" });
      case "text_delta":
        return this.setState(id, { kind: "writing" });
      case "tool_start":
        this.lastTool.set(id, { name: event.name, input: event.input });
        return this.setState(id, { kind: "using", tool: event.name });
      case "run_end":
        return this.ended(id, { stoppedBy: event.stoppedBy, error: event.error, lastTool: this.lastTool.get(id) ?? null });
    }
  }

  private setState(id: string, state: AttentionState): void {
    const now = this.running.get(id);
    if (!now || (now.kind === state.kind && toolOf(now) === toolOf(state))) return;
    this.running.set(id, state);
    this.changed();
  }

  private ended(id: string, stop: RunStop): void {
    this.running.delete(id);
    this.lastTool.delete(id);
    const kind = noticeKind(stop);
    if (kind === "waiting") this.waiting.set(id, { kind: "waiting" });
    this.changed();
    if (!kind || !shouldNotify(kind, this.settings(), this.windowFocused)) return;
    const notice: Notice = { conversationId: id, kind, title: noticeTitle(this.summaries.get(id)), body: noticeBody(stop, this.words()) };
    for (const listener of [...this.noticeListeners]) listener(notice);
  }

  private changed(): void {
    const snapshot = this.snapshot();
    for (const listener of [...this.changeListeners]) listener(snapshot);
  }
}

function toolOf(state: AttentionState): string | null {
  return state.kind === "using" ? state.tool : null;
}
