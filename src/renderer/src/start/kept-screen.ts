/**
 * The first screen kept from the last session, when the page came with one (the main process
 * puts it in the root element: kept-first-screen.ts). It is shown until the app is live; what a
 * person does on it meanwhile is not lost: a conversation clicked in the sidebar, New
 * conversation, words typed in the message field and Enter to send them are handed to the app,
 * which carries them out as it takes over (start-app.tsx).
 */
import { emitAppEvent } from "../app-events";
import { releaseHeldPreloads } from "./after-first-frame";
import { showLanguageOnPage } from "../i18n/early-language";

export interface KeptScreenChoices {
  /** The conversation the person opened on the kept screen (null: New conversation), if any. */
  open?: string | null;
  /** What they typed in its message field. */
  draft: string;
  /** They pressed Enter to send it. */
  send: boolean;
}

export interface KeptScreen {
  /** The conversation the kept screen shows open (null: New conversation). */
  conversationId: string | null;
  /** The language its words are in (a screen kept before languages were recorded: English). */
  language: string;
  /** What the person did on it; stops listening (the app takes over). */
  takeChoices(): KeptScreenChoices;
}

/**
 * The kept screen, when the page came with one in `language` (the language the window shows
 * now). One kept in another language is never used: it is taken out as the window's code starts
 * (after a switch the main process no longer has one to serve: it forgets it at the change).
 */
export function findKeptScreen(root: HTMLElement, language: string): KeptScreen | null {
  const screen = root.querySelector<HTMLElement>(":scope > .first-screen");
  if (!screen) return null;
  const keptLanguage = screen.dataset.language ?? "en";
  if (keptLanguage !== language) {
    screen.remove();
    showLanguageOnPage(language);
    releaseHeldPreloads(); // the page held them for the kept screen's first paint
    emitAppEvent("first-screen-dropped", { language: keptLanguage, shown: language });
    return null;
  }
  const conversationId = screen.dataset.openConversationId ?? null;
  let open: string | null | undefined;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const row = target?.closest(".conversation-row__open")?.closest<HTMLElement>("[data-conversation-id]");
    if (row) open = row.dataset.conversationId ?? undefined;
    else if (target?.closest("[data-first-screen=new-conversation]")) open = null;
    else return;
    event.preventDefault();
    showChosen(screen, row);
  };
  let send = false;
  // Enter sends, as in the live composer (Shift+Enter writes a new line; Enter while composing belongs to the input method).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || event.shiftKey || event.isComposing || !(event.target instanceof HTMLTextAreaElement)) return;
    event.preventDefault();
    if (event.target.value.trim()) send = true;
  };
  screen.addEventListener("click", onClick);
  screen.addEventListener("keydown", onKeyDown);
  emitAppEvent("first-screen-restored", { conversationId, language: keptLanguage });
  return {
    conversationId,
    language: keptLanguage,
    takeChoices() {
      screen.removeEventListener("click", onClick);
      screen.removeEventListener("keydown", onKeyDown);
      const draft = screen.querySelector("textarea")?.value ?? "";
      // Words typed with no other choice made were written to the conversation it showed.
      const chosen = open === undefined && draft.trim() ? conversationId : open;
      return chosen === undefined ? { draft, send } : { open: chosen, draft, send };
    },
  };
}

/** The row clicked looks chosen at once, as it will be once the app has opened it. */
function showChosen(screen: HTMLElement, row: HTMLElement | null | undefined): void {
  for (const active of screen.querySelectorAll(".conversation-row--active")) active.classList.remove("conversation-row--active");
  row?.classList.add("conversation-row--active");
}
