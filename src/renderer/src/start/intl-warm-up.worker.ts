/**
 * Run in a worker while the window's main thread loads the app: the first date, time or number
 * formatter a page makes costs tens of milliseconds (the language data is read in); the data is
 * shared by the whole page process, so once it is read here the sidebar's times cost nothing.
 */
const now = new Date();
new Intl.NumberFormat().format(1234.5);
new Intl.RelativeTimeFormat(undefined, { numeric: "auto", style: "short" }).format(-5, "minute");
new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(now);
new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" }).format(now);
new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(now);
postMessage("warm");
