/**
 * Sidebar times in the person's language: Intl.RelativeTimeFormat and DateTimeFormat in the
 * given locale for every range, nothing hard-coded in English; "now" becomes minutes as the
 * clock moves on, today's times become "yesterday" after midnight.
 */
import { describe, expect, it, vi } from "vitest";
import { relativeTimeFormatter } from "../../src/renderer/src/lib/relative-time";

const NOW = new Date(2026, 5, 17, 15, 30, 0); // a Wednesday afternoon, local time
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m, d, h, min).toISOString();

describe.each(["en-US", "de-DE", "fr-FR", "ja-JP"])("relative times in %s", (locale) => {
  const format = relativeTimeFormatter(locale);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });

  it("says now, then minutes, in the language", () => {
    expect(format(ago(10_000), NOW)).toBe(rtf.format(0, "second"));
    expect(format(ago(5 * MINUTE), NOW)).toBe(rtf.format(-5, "minute"));
    expect(format(ago(59 * MINUTE), NOW)).toBe(rtf.format(-59, "minute"));
  });

  it("gives today's time of day, yesterday, a weekday, then a date", () => {
    expect(format(at(2026, 5, 17, 9, 5), NOW)).toBe(new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(new Date(2026, 5, 17, 9, 5)));
    expect(format(at(2026, 5, 16, 23, 0), NOW)).toBe(rtf.format(-1, "day"));
    expect(format(at(2026, 5, 13), NOW)).toBe(new Intl.DateTimeFormat(locale, { weekday: "short" }).format(new Date(2026, 5, 13, 12)));
    expect(format(at(2026, 1, 2), NOW)).toBe(new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" }).format(new Date(2026, 1, 2, 12)));
    expect(format(at(2024, 1, 2), NOW)).toBe(new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(new Date(2024, 1, 2, 12)));
  });

  it("ages with the clock: now becomes minutes, today becomes yesterday after midnight", () => {
    const sent = ago(0);
    expect(format(sent, NOW)).toBe(rtf.format(0, "second"));
    expect(format(sent, new Date(NOW.getTime() + 2 * MINUTE))).toBe(rtf.format(-2, "minute"));
    const nextDay = new Date(2026, 5, 18, 0, 10);
    expect(format(sent, nextDay)).toBe(rtf.format(-1, "day"));
  });
});

describe("nothing English where another language is asked for", () => {
  it("German says gestern and jetzt, not yesterday and now", () => {
    const format = relativeTimeFormatter("de-DE");
    expect(format(ago(1000), NOW)).toBe("jetzt");
    expect(format(at(2026, 5, 16), NOW)).toBe("gestern");
  });

  it("an unreadable time gives nothing rather than a wrong one", () => {
    expect(relativeTimeFormatter("en-US")("not a date", NOW)).toBe("");
  });
});

describe("the window's time formatters", () => {
  it("are made once by prepareTimeFormatters, and the sidebar's and tooltips' times then make none", async () => {
    vi.resetModules();
    const made = { relative: 0, dateTime: 0 };
    const { RelativeTimeFormat, DateTimeFormat } = Intl;
    const spied = [
      vi.spyOn(Intl, "RelativeTimeFormat").mockImplementation(function (...args: ConstructorParameters<typeof RelativeTimeFormat>) {
        made.relative++;
        return new RelativeTimeFormat(...args);
      } as unknown as typeof RelativeTimeFormat),
      vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (...args: ConstructorParameters<typeof DateTimeFormat>) {
        made.dateTime++;
        return new DateTimeFormat(...args);
      } as unknown as typeof DateTimeFormat),
    ];
    try {
      const times = await import("../../src/renderer/src/lib/relative-time");
      times.prepareTimeFormatters();
      const afterPrepare = { ...made };
      expect(afterPrepare.relative).toBe(1);
      expect(afterPrepare.dateTime).toBeGreaterThan(0);
      times.prepareTimeFormatters();
      expect(times.relativeTime(ago(5 * MINUTE), NOW)).toBe(new RelativeTimeFormat(undefined, { numeric: "auto", style: "short" }).format(-5, "minute"));
      expect(times.fullTime(at(2026, 5, 13))).not.toBe("");
      expect(made).toEqual(afterPrepare);
    } finally {
      for (const spy of spied) spy.mockRestore();
    }
  });
});
