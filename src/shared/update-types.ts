/**
 * What the window learns about updates and about the database's backup copies. Plain JSON.
 */

/**
 * Where the update is: "unsupported" (this copy does not update itself, `message` says why),
 * "idle" (not checked yet), "checking", "up-to-date", "available" (found, the download
 * starts), "downloading" (with `progress`), "downloaded" (ready to install), "installing"
 * (runs are being stopped and saved, then Alpine restarts), "error" (`message` says what
 * failed and what to do).
 */
export type UpdatePhase = "unsupported" | "idle" | "checking" | "up-to-date" | "available" | "downloading" | "downloaded" | "installing" | "error";

export interface UpdateProgress {
  percent: number;
  transferred: number;
  total: number;
  bytesPerSecond: number;
}

export interface UpdateStatus {
  phase: UpdatePhase;
  currentVersion: string;
  /** The version found on the feed, once known. */
  version: string | null;
  progress: UpdateProgress | null;
  message: string | null;
}

/**
 * The answer to "Restart and install". `installing`: Alpine shuts down cleanly and installs.
 * Otherwise `running` lists the conversations whose runs would be stopped (and saved): the
 * window asks the person, who may confirm with `stopRuns`.
 */
export interface InstallAnswer {
  installing: boolean;
  running: string[];
}

export interface BackupView {
  name: string;
  bytes: number;
  /** The schema version the database had when the copy was taken. */
  schemaVersion: number;
  createdAt: string;
}

export interface BackupsView {
  folder: string;
  /** How many copies are kept; older ones are removed. */
  keep: number;
  backups: BackupView[];
  totalBytes: number;
}
