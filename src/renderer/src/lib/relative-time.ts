/**
 * Short times for the sidebar in the language shown: "now", "5 min. ago", "14:05",
 * "yesterday", "Mon", "12 Mar", "12 Mar 2023" (Intl.RelativeTimeFormat and DateTimeFormat
 * in the window's language, nothing hard-coded in English). Kept free of i18next: the
 * window's entry prepares these formatters while the app's code loads.
 */

const DAY_MS = 86_400_000;

/** A formatter of short times in `locales` (the browser's language when left out). */
export function relativeTimeFormatter(locales?: string | string[]): (iso: string, now?: Date) => string {
  // Formatters are costly to create; a long list formats many times.
  const relative = new Intl.RelativeTimeFormat(locales, { numeric: "auto", style: "short" });
  const timeOfDay = new Intl.DateTimeFormat(locales, { hour: "2-digit", minute: "2-digit" });
  const weekday = new Intl.DateTimeFormat(locales, { weekday: "short" });
  const dayMonth = new Intl.DateTimeFormat(locales, { day: "numeric", month: "short" });
  const dayMonthYear = new Intl.DateTimeFormat(locales, { day: "numeric", month: "short", year: "numeric" });
  return (iso, now = new Date()) => {
    const then = new Date(iso);
    const seconds = (now.getTime() - then.getTime()) / 1000;
    if (!Number.isFinite(seconds)) return "";
    if (seconds < 60) return relative.format(0, "second");
    if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), "minute");
    const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
    if (then.getTime() >= startOfToday) return timeOfDay.format(then);
    if (then.getTime() >= startOfToday - DAY_MS) return relative.format(-1, "day");
    if (then.getTime() >= startOfToday - 6 * DAY_MS) return weekday.format(then);
    return (then.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear).format(then);
  };
}

// The first formatter of a page is the costly one: its language data is read in (17-32 ms in
// Chromium here, the others about 1 ms together). The window's entry makes them while the app's
// code loads and the main thread waits (prepareTimeFormatters), so the first render does not.
// Reading that data in a worker instead cost the launch more than it saved (a worker's start
// on a machine of two cores).
interface TimeFormatters {
  relative: ReturnType<typeof relativeTimeFormatter>;
  full: Intl.DateTimeFormat;
}
let made: TimeFormatters | null = null;
/** The locale times are shown in (undefined: the browser's, until the window's language is set). */
let locale: string | undefined;

function timeFormatters(): TimeFormatters {
  return (made ??= { relative: relativeTimeFormatter(locale), full: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }) });
}

/** Makes the sidebar's and the tooltips' formatters now, in `inLocale`, if not made yet in it. */
export function prepareTimeFormatters(inLocale?: string): void {
  if (inLocale !== undefined) setTimeLocale(inLocale);
  timeFormatters();
}

/** Times follow the language shown: the formatters are made again, in `next`, when it changed. */
export function setTimeLocale(next: string): void {
  if (next === locale) return;
  locale = next;
  made = null;
}

export function relativeTime(iso: string, now = new Date()): string {
  return timeFormatters().relative(iso, now);
}

/** The full date and time, for tooltips. */
export function fullTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return timeFormatters().full.format(date);
}
