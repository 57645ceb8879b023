/**
 * When an update may be installed. Installing restarts Alpine, so it goes through the same
 * clean shutdown as quit: runs aborted and saved, the database closed, and only then the
 * installer. It is never started in the middle of a run: with runs going, the person is
 * asked first, and their runs are stopped and saved before anything is installed. A
 * conversation waiting for the person's answer is not running: it is kept exactly as it is.
 */
import type { UpdatePhase } from "../../../shared/update-types";

export type InstallDecision =
  | { kind: "refuse"; reason: string }
  | { kind: "ask-first"; running: string[] }
  | { kind: "shut-down-and-install" };

export function installDecision(phase: UpdatePhase, running: readonly string[], stopRuns: boolean): InstallDecision {
  if (phase === "installing") return { kind: "refuse", reason: "The update is already being installed." };
  if (phase !== "downloaded") {
    return { kind: "refuse", reason: "No update is ready to install. Check for updates first; Alpine downloads one in the background when it finds it." };
  }
  if (running.length > 0 && !stopRuns) return { kind: "ask-first", running: [...running] };
  return { kind: "shut-down-and-install" };
}

/** After the shutdown: install only if every run has ended and saved. */
export function mayInstallAfterShutdown(stillRunning: readonly string[]): boolean {
  return stillRunning.length === 0;
}
