/**
 * The update status and the backup copies in the person's words (settings), in the language shown
 * now. The i18next instance is an argument so this stays free of React (tests of it run under Node).
 */
import type { UpdateStatus } from "../../../shared/update-types";
import type { i18n as I18n } from "i18next";

export function updateStatusText(status: UpdateStatus, i18n: I18n): string {
  const t = i18n.t.bind(i18n);
  const version = status.phase === "idle" || status.phase === "up-to-date" ? status.currentVersion : status.version;
  switch (status.phase) {
    case "unsupported":
      return status.message ?? t("settings.updates.status.unsupported");
    case "idle":
      return t("settings.updates.status.idle", { version });
    case "checking":
      return t("settings.updates.status.checking");
    case "up-to-date":
      return t("settings.updates.status.upToDate", { version });
    case "available":
      return t("settings.updates.status.available", { version });
    case "downloading": {
      const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 }).format(Math.floor(status.progress?.percent ?? 0) / 100);
      return t("settings.updates.status.downloading", { version, percent });
    }
    case "downloaded":
      return t("settings.updates.status.downloaded", { version });
    case "installing":
      return t("settings.updates.status.installing", { version });
    case "error":
      return status.message ?? t("settings.updates.status.error");
  }
}

const UNITS = ["settings.size.kb", "settings.size.mb", "settings.size.gb", "settings.size.tb"] as const;

/** A size in the binary units Alpine has always shown (1 KB = 1024 B), its number written the way the shown language writes numbers. */
export function formatBytes(bytes: number, i18n: I18n): string {
  const t = i18n.t.bind(i18n);
  if (bytes < 1024) return t("settings.size.bytes", { value: new Intl.NumberFormat(i18n.language).format(bytes) });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 10 ? 0 : 1;
  const shown = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return t(UNITS[unit]!, { value: shown });
}
