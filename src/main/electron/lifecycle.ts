/**
 * The app's end, in the style of VS Code's lifecycle service: parts of the app join the
 * shutdown with a promise (`onWillShutdown`), and the app exits only when every one has
 * settled. Quit, closing the last window, SIGTERM and SIGINT all lead to the same
 * shutdown, run once; Electron's own quit is held back (`preventDefault`) until then.
 */
export type ShutdownReason = "quit" | "window-all-closed" | "SIGTERM" | "SIGINT" | "update";

export interface ShutdownParticipant {
  /** For the log when it fails. */
  name: string;
  join(reason: ShutdownReason): Promise<void> | void;
}

export class Lifecycle {
  private readonly participants: ShutdownParticipant[] = [];
  private shutdown: Promise<void> | null = null;

  onWillShutdown(participant: ShutdownParticipant): void {
    this.participants.push(participant);
  }

  get shuttingDown(): boolean {
    return this.shutdown !== null;
  }

  /** Runs every participant once, at the same time; a failing one is logged, never blocks the others. */
  shutdownOnce(reason: ShutdownReason): Promise<void> {
    this.shutdown ??= Promise.allSettled(
      this.participants.map(async (participant) => participant.join(reason)),
    ).then((outcomes) => {
      outcomes.forEach((outcome, i) => {
        if (outcome.status === "rejected") console.error(`Shutdown of ${this.participants[i].name} failed:`, outcome.reason);
      });
    });
    return this.shutdown;
  }
}

/** What the wiring needs of `process` (a test passes its own). */
export interface SignalSource {
  on(signal: "SIGTERM" | "SIGINT", listener: () => void): unknown;
}

export const EXIT_CODES: Record<ShutdownReason, number> = { quit: 0, "window-all-closed": 0, SIGTERM: 128 + 15, SIGINT: 128 + 2, update: 0 };

/** What the wiring needs of Electron's `app`. */
export interface LifecycleApp {
  on(event: "before-quit", listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: "window-all-closed", listener: () => void): unknown;
  exit(exitCode?: number): void;
}

export interface LifecycleOptions {
  /** Closing the last window leaves the app running (the tray's "Keep running in the tray"): asked at each close. */
  keepRunningWhenClosed?: () => boolean;
  /** The person's Quit goes on only when this answers true (asked while runs are going: quit-confirmation.ts). */
  confirmQuit?: () => Promise<boolean>;
}

export function wireLifecycle(app: LifecycleApp, lifecycle: Lifecycle, signals: SignalSource = process, options: LifecycleOptions = {}): void {
  let exiting = false;
  let asking = false;
  const end = (reason: ShutdownReason) => {
    void lifecycle.shutdownOnce(reason).then(() => {
      exiting = true;
      app.exit(EXIT_CODES[reason]);
    });
  };
  app.on("before-quit", (event) => {
    if (exiting) return;
    event.preventDefault();
    const confirm = options.confirmQuit;
    if (!confirm || lifecycle.shuttingDown) return end("quit");
    // One question at a time: a second Quit while it is asked changes nothing.
    if (asking) return;
    asking = true;
    void confirm()
      .catch(() => true)
      .then((quit) => {
        asking = false;
        if (quit) end("quit");
      });
  });
  // Closing the window ends the app on every platform (runs are stopped and saved first), unless
  // the person chose to keep it running in the tray; Quit from there ends it the same way.
  app.on("window-all-closed", () => {
    if (options.keepRunningWhenClosed?.()) return;
    end("window-all-closed");
  });
  signals.on("SIGTERM", () => end("SIGTERM"));
  signals.on("SIGINT", () => end("SIGINT"));
}
