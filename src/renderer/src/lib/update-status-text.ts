/** The update status and the backup copies in the person's words (settings). */
import type { UpdateStatus } from "../../../shared/update-types";
import { t } from "../i18n/i18n";
import { formatBytes as formatSize, formatPercent } from "../i18n/format";

export function updateStatusText(status: UpdateStatus): string {
  switch (status.phase) {
    case "unsupported":
      return status.message ?? t("update.unsupported");
    case "idle":
      return t("update.idle", { version: status.currentVersion });
    case "checking":
      return t("update.checking");
    case "up-to-date":
      return t("update.upToDate", { version: status.currentVersion });
    case "available":
      return t("update.available", { version: status.version });
    case "downloading":
      return t("update.downloading", { version: status.version, percent: formatPercent(Math.floor(status.progress?.percent ?? 0) / 100) });
    case "downloaded":
      return t("update.downloaded", { version: status.version });
    case "installing":
      return t("update.installing", { version: status.version });
    case "error":
      return status.message ?? t("update.failed");
  }
}

/** A backup's size: bytes, then KB…TB, with one decimal below 10. */
export const formatBytes = (bytes: number): string => formatSize(bytes);
