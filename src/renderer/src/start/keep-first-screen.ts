/**
 * Keeps the first screen for the next launch (lib/first-screen-markup.ts says what is kept): a
 * moment after the window changed and came to rest, in idle time, never while a reply streams
 * or a long reply is still being put in the page, and only when it differs from the last one
 * kept. The main process removes the kept screen when a conversation is deleted or the language
 * changes; the next one is kept here after the change. Each is kept with its language: a launch
 * in another language never shows it (kept-screen.ts).
 */
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { afterQuiet } from "../lib/after-quiet";
import { firstScreenMarkup } from "../lib/first-screen-markup";
import { useAppStore } from "../store/app-store";
import { i18n } from "../i18n/i18n";
import { MAX_FIRST_SCREEN_CHARS } from "../../../shared/kept-first-screen";

/** How long the window stays unchanged before its screen is kept. */
export const KEEP_AFTER_MS = 1_000;

export function keepFirstScreen(root: HTMLElement): void {
  let lastKept = "";
  // Noted at every change of the store (each streamed word): one timer waits for the quiet second.
  const quiet = afterQuiet(KEEP_AFTER_MS, () => requestIdleCallback(keepNow, { timeout: 2_000 }));
  const schedule = () => void quiet.note();
  const keepNow = () => {
    const app = root.querySelector(":scope > .app");
    const busy = notAtRest();
    const made = busy ? { notAtRest: busy } : app ? firstScreenMarkup(app) : { notAtRest: "no-app" };
    const stylesheets = pageStylesheets();
    // Styles not from files (a development server): nothing a launch could match it with.
    if (stylesheets.length === 0) return;
    if ("notAtRest" in made) return emitAppEvent("first-screen-kept", { kept: false, reason: made.notAtRest });
    if (made.html === lastKept) return;
    if (made.html.length > MAX_FIRST_SCREEN_CHARS) return emitAppEvent("first-screen-kept", { kept: false, reason: "too-large" });
    const html = (lastKept = made.html);
    const conversationId = useAppStore.getState().openId;
    const language = i18n.language;
    const setting = useAppStore.getState().settings?.language;
    api()
      .request("window:keepFirstScreen", { conversationId, stylesheets, html, language, setting })
      .then(({ kept }) => emitAppEvent("first-screen-kept", { conversationId, kept, chars: html.length }))
      .catch(() => (lastKept = "")); // A convenience: tried again at the next change.
  };
  useAppStore.subscribe(schedule);
  // A switch of language: the main process forgot the screen kept in the old one; keep the new one even if its markup matched.
  i18n.on("languageChanged", () => {
    lastKept = "";
    schedule();
  });
  window.addEventListener("resize", schedule);
  root.addEventListener("scrollend", schedule, { capture: true });
  schedule();
}

/** Something moving, or null: a run going, the connection down, a long reply still being put in the page. */
function notAtRest(): "running" | "connection-lost" | "reply-being-laid-out" | null {
  const { live, connectionLost } = useAppStore.getState();
  if (connectionLost) return "connection-lost";
  if (Object.values(live).some((run) => run.running)) return "running";
  return document.querySelector(".markdown[aria-busy]") ? "reply-being-laid-out" : null;
}

/**
 * The page's style sheets by file name: the kept screen is shown only with the same ones. A page
 * served with a kept screen has them inside it, named by `data-stylesheet`.
 */
function pageStylesheets(): string[] {
  const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname.split("/").pop() ?? "");
  const inside = [...document.querySelectorAll<HTMLStyleElement>("style[data-stylesheet]")].map((style) => style.dataset.stylesheet ?? "");
  return [...linked, ...inside].filter(Boolean);
}
