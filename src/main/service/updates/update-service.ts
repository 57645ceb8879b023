/**
 * Updates without Electron: the status the window shows, the check, the background
 * download's progress, and the install, which follows install-rules.ts. The Electron layer
 * attaches the updater (electron-updater) as an `UpdaterPort` and reports what it does;
 * until then (or when running from source) updates are "unsupported" and say why.
 */
import type { InstallAnswer, UpdateProgress, UpdateStatus } from "../../../shared/update-types";
import type { AppEventBus } from "../app-event-bus";
import { UpdateNotReadyError } from "../service-errors";
import { installDecision, mayInstallAfterShutdown } from "./install-rules";
import { updateFailureText } from "./update-failure";
import { ENGLISH_WORDS, type Words } from "../words/words";

/** What the service needs of the updater. */
export interface UpdaterPort {
  /** Ask the feed; what it finds comes back through `report` (a found update downloads by itself). */
  check(): Promise<unknown>;
  /** Run the downloaded installer and restart (called only after the clean shutdown). */
  install(): void;
}

/** What the Electron layer needs to install through the same shutdown as quit. */
export interface UpdateAttachment {
  port: UpdaterPort;
  /** The app's clean shutdown (runs aborted and saved, database closed, key written). */
  shutdown(): Promise<void>;
  /** End the app without installing (when a run could not be saved in time). */
  quit(): void;
}

export type UpdaterReport =
  | { kind: "checking" }
  | { kind: "available"; version: string }
  | { kind: "not-available" }
  | { kind: "progress"; progress: UpdateProgress }
  | { kind: "downloaded"; version: string }
  | { kind: "error"; error: unknown };

export interface UpdateServiceOptions {
  currentVersion: string;
  bus: AppEventBus;
  /** The conversations whose runs are going now (a run waiting for the person is not one). */
  runningIds(): string[];
  /** The language the status's message is written in, asked each time it is given. */
  words?: () => Words;
}

/** What the status's message says, put in words when the status is given (so a language change rewords it). */
type MessageSource = { kind: "from-source" } | { kind: "failure"; error: unknown; version: string | null };
type KeptStatus = Omit<UpdateStatus, "message"> & { message: MessageSource | null };

export class UpdateService {
  private attachment: UpdateAttachment | null = null;
  private current: KeptStatus;

  constructor(private readonly options: UpdateServiceOptions) {
    this.current = { phase: "unsupported", currentVersion: options.currentVersion, version: null, progress: null, message: { kind: "from-source" } };
  }

  attach(attachment: UpdateAttachment): void {
    this.attachment = attachment;
    this.set({ phase: "idle", message: null });
  }

  status(): UpdateStatus {
    return { ...this.current, progress: this.current.progress ? { ...this.current.progress } : null, message: this.messageText() };
  }

  /** The language changed: the window is given the status again, its message in the new language. */
  refresh(): void {
    if (this.current.message) this.options.bus.emit({ type: "update_status", status: this.status() });
  }

  private messageText(): string | null {
    const source = this.current.message;
    const words = this.options.words?.() ?? ENGLISH_WORDS;
    if (!source) return null;
    return source.kind === "from-source" ? words.t("update.fromSource") : updateFailureText(source.error, source.version, words);
  }

  /** Check the feed now; resolves with the status once the check has answered. */
  async check(): Promise<UpdateStatus> {
    const attachment = this.attachment;
    if (!attachment) return this.status();
    if (this.current.phase === "downloading" || this.current.phase === "downloaded" || this.current.phase === "installing") return this.status();
    this.report({ kind: "checking" });
    try {
      await attachment.port.check();
    } catch (error) {
      this.report({ kind: "error", error });
    }
    return this.status();
  }

  /** What the updater reports, as it happens. */
  report(report: UpdaterReport): void {
    if (this.current.phase === "installing") return;
    switch (report.kind) {
      case "checking":
        // The service says so when asked, and the updater again when it starts: once is enough.
        if (this.current.phase === "checking") return;
        return this.set({ phase: "checking", message: null, progress: null });
      case "not-available":
        return this.set({ phase: "up-to-date", message: null, progress: null });
      case "available":
        return this.set({ phase: "available", version: report.version, message: null, progress: null });
      case "progress":
        return this.set({ phase: "downloading", progress: { ...report.progress } });
      case "downloaded":
        return this.set({ phase: "downloaded", version: report.version, progress: null, message: null });
      case "error":
        return this.set({ phase: "error", progress: null, message: { kind: "failure", error: report.error, version: this.current.version } });
    }
  }

  /**
   * "Restart and install": with runs going and no `stopRuns`, nothing happens and the
   * answer lists them; otherwise Alpine shuts down cleanly, then installs.
   */
  async install(stopRuns: boolean): Promise<InstallAnswer> {
    const attachment = this.attachment;
    const decision = installDecision(attachment ? this.current.phase : "unsupported", this.options.runningIds(), stopRuns);
    if (decision.kind === "refuse") throw new UpdateNotReadyError(attachment ? decision.reason : ENGLISH_WORDS.t("update.fromSource"));
    if (decision.kind === "ask-first") return { installing: false, running: decision.running };
    this.set({ phase: "installing", message: null });
    void this.shutDownAndInstall(attachment!);
    return { installing: true, running: [] };
  }

  private async shutDownAndInstall(attachment: UpdateAttachment): Promise<void> {
    try {
      await attachment.shutdown();
    } finally {
      const stillRunning = this.options.runningIds();
      if (mayInstallAfterShutdown(stillRunning)) attachment.port.install();
      else {
        console.error(`The update was not installed: ${stillRunning.length} run(s) had not finished saving. It is installed at the next restart.`);
        attachment.quit();
      }
    }
  }

  private set(change: Partial<KeptStatus>): void {
    this.current = { ...this.current, ...change };
    this.options.bus.emit({ type: "update_status", status: this.status() });
  }
}
