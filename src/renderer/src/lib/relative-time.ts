/** "now", "5 min", "3 h", "Yesterday", "Mon", "12 Mar", "12 Mar 2023": short times for the sidebar. */
export function relativeTime(iso: string, now = new Date()): string {
  const then = new Date(iso);
  const seconds = (now.getTime() - then.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return "now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (then.getTime() >= startOfToday) return then.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (then.getTime() >= startOfToday - 86_400_000) return "Yesterday";
  if (then.getTime() >= startOfToday - 6 * 86_400_000) return then.toLocaleDateString(undefined, { weekday: "short" });
  const sameYear = then.getFullYear() === now.getFullYear();
  return then.toLocaleDateString(undefined, sameYear ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" });
}

/** The full date and time, for tooltips. */
export function fullTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
