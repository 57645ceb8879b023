/** The update status and the backup copies in the person's words (settings). */
import type { UpdateStatus } from "../../../shared/update-types";

export function updateStatusText(status: UpdateStatus): string {
  switch (status.phase) {
    case "unsupported":
      return status.message ?? "This copy of Alpine does not update itself.";
    case "idle":
      return `Alpine ${status.currentVersion}. Not checked for updates yet.`;
    case "checking":
      return "Checking for updates…";
    case "up-to-date":
      return `Alpine ${status.currentVersion} is the latest version.`;
    case "available":
      return `Alpine ${status.version} is available; downloading it in the background…`;
    case "downloading":
      return `Downloading Alpine ${status.version}: ${Math.floor(status.progress?.percent ?? 0)}%`;
    case "downloaded":
      return `Alpine ${status.version} is ready. Restart to install it: running conversations are stopped and saved first.`;
    case "installing":
      return `Saving every conversation, then restarting to install Alpine ${status.version}…`;
    case "error":
      return status.message ?? "The update failed. Nothing was installed.";
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
