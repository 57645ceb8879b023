/** The update status and backup sizes as settings word them. */
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import de from "../../src/renderer/src/i18n/locales/de.json";
import en from "../../src/renderer/src/i18n/locales/en.json";
import fr from "../../src/renderer/src/i18n/locales/fr.json";
import { formatBytes as formatBytesIn, updateStatusText as updateStatusTextIn } from "../../src/renderer/src/lib/update-status-text";
import type { UpdateStatus } from "../../src/shared/update-types";

const english = i18next.createInstance();
await english.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
const updateStatusText = (status: UpdateStatus) => updateStatusTextIn(status, english);
const formatBytes = (bytes: number) => formatBytesIn(bytes, english);

const base: UpdateStatus = { phase: "idle", currentVersion: "1.0.0", version: null, progress: null, message: null };

describe("update status in words", () => {
  it("names each phase, with the progress and the version", () => {
    expect(updateStatusText({ ...base, phase: "downloading", version: "1.1.0", progress: { percent: 42.7, transferred: 1, total: 2, bytesPerSecond: 1 } })).toBe(
      "Downloading Alpine 1.1.0: 42%",
    );
    expect(updateStatusText({ ...base, phase: "downloaded", version: "1.1.0" })).toMatch(/1\.1\.0 is ready.*stopped and saved first/);
    expect(updateStatusText({ ...base, phase: "up-to-date" })).toBe("Alpine 1.0.0 is the latest version.");
    expect(updateStatusText({ ...base, phase: "error", message: "The update was refused." })).toBe("The update was refused.");
    expect(updateStatusText({ ...base, phase: "unsupported", message: "Runs from source." })).toBe("Runs from source.");
  });

  it("sizes in bytes, KB, MB and GB", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
  });

  it("in another language: its words, and its numbers and units written its way", async () => {
    const shown = i18next.createInstance();
    await shown.init({ lng: "de", resources: { de: { translation: de }, fr: { translation: fr } }, interpolation: { escapeValue: false } });
    const downloading: UpdateStatus = { ...base, phase: "downloading", version: "1.1.0", progress: { percent: 42.7, transferred: 1, total: 2, bytesPerSecond: 1 } };
    expect(updateStatusTextIn(downloading, shown)).toBe("Alpine 1.1.0 wird heruntergeladen: 42\u00a0%");
    expect(formatBytesIn(1536, shown)).toBe("1,5 KB");
    expect(formatBytesIn(1234 * 1024 ** 4, shown)).toBe("1.234 TB");
    await shown.changeLanguage("fr");
    expect(formatBytesIn(1536, shown)).toBe("1,5 Ko");
    expect(updateStatusTextIn({ ...base, phase: "up-to-date" }, shown)).toBe("Alpine 1.0.0 est la dernière version.");
  });
});
