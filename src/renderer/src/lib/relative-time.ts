/**
 * Short times for the sidebar in the person's language: "now", "5 min. ago", "14:05",
 * "yesterday", "Mon", "12 Mar", "12 Mar 2023" (Intl.RelativeTimeFormat and DateTimeFormat
 * with the browser's language, nothing hard-coded in English).
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

function timeFormatters(): TimeFormatters {
  return (made ??= { relative: relativeTimeFormatter(), full: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }) });
}

/** Makes the sidebar's and the tooltips' formatters now, if not made yet. */
export function prepareTimeFormatters(): void {
  timeFormatters();
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
