/**
 * Numbers, sizes, prices and dates in the language shown, through Intl: English keeps the
 * window's words as they were ("1,234", "1.5 KB", "$0.0123"); another language gets its own
 * forms, and a switch of language applies to the next value formatted.
 */
import { afterAll, describe, expect, it } from "vitest";
import { i18n } from "../../../src/renderer/src/i18n/i18n";
import { formatBytes, formatDate, formatList, formatNumber, formatPercent, formatPrice } from "../../../src/renderer/src/i18n/format";
import { fullTime, relativeTime, setTimeLocale } from "../../../src/renderer/src/lib/relative-time";

afterAll(async () => {
  await i18n.changeLanguage("en");
});

describe("format in the language shown", () => {
  it("unit tests of the window's code read the English words without a launch", () => {
    expect(i18n.t("welcome.title")).toBe("What shall we work on?");
  });

  it("English: today's words", async () => {
    await i18n.changeLanguage("en");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatBytes(1536, { digits: "fixed" })).toBe("1.5 KB");
    expect(formatBytes(20 * 1024, { digits: "fixed" })).toBe("20.0 KB");
    expect(formatPrice(0.0123, { maximumFractionDigits: 4 })).toBe("$0.0123");
    expect(formatPrice(3, { maximumFractionDigits: 3 })).toBe("$3");
    expect(formatPrice(0.125, { maximumFractionDigits: 3 })).toBe("$0.125");
    expect(formatPrice(1.5, { minimumFractionDigits: 2 })).toBe("$1.50");
    expect(formatPercent(0.25)).toBe("25%");
    expect(formatList(["a", "b", "c"])).toBe("a, b, and c");
  });

  it("German, French, Russian, Arabic, Japanese: their own separators, units and currency forms", async () => {
    await i18n.changeLanguage("de");
    expect(formatNumber(1234567)).toBe(new Intl.NumberFormat("de").format(1234567));
    expect(formatNumber(1234567)).toBe("1.234.567");
    expect(formatBytes(1536)).toBe("1,5 kB");
    expect(formatPrice(1.5, { minimumFractionDigits: 2 })).toMatch(/^1,50\s+\$$/);
    expect(formatList(["a", "b", "c"])).toBe("a, b und c");
    await i18n.changeLanguage("fr");
    expect(formatBytes(25 * 1024 * 1024)).toMatch(/^25\s+Mo$/);
    await i18n.changeLanguage("ru");
    expect(formatBytes(1536)).toMatch(/^1,5\s+кБ$/);
    await i18n.changeLanguage("ar");
    expect(formatNumber(12)).toBe(new Intl.NumberFormat("ar").format(12));
    await i18n.changeLanguage("ja");
    const date = new Date(2026, 2, 12, 14, 5);
    expect(formatDate(date)).toBe(new Intl.DateTimeFormat("ja", { dateStyle: "medium", timeStyle: "short" }).format(date));
    expect(formatDate("not a date")).toBe("");
  });

  it("times follow the language set, made again when it changes", () => {
    const now = new Date();
    const iso = new Date(now.getTime() - 5 * 60_000).toISOString();
    setTimeLocale("de");
    expect(relativeTime(iso, now)).toBe(new Intl.RelativeTimeFormat("de", { numeric: "auto", style: "short" }).format(-5, "minute"));
    expect(fullTime(iso)).toBe(new Intl.DateTimeFormat("de", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)));
    setTimeLocale("ja");
    expect(relativeTime(iso, now)).toBe(new Intl.RelativeTimeFormat("ja", { numeric: "auto", style: "short" }).format(-5, "minute"));
    setTimeLocale("en-US");
    expect(relativeTime(iso, now)).toBe("5 min. ago");
  });
});
