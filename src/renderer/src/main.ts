/**
 * The window's entry, kept small: connect to the main process at once and ask for the first screen
 * (with a first screen kept from the last session: once that is painted), then load the app
 * (start/start-app.tsx) while the main process answers. The styles load with the page, so the
 * first frame already has them. The shown language's catalogue (its own chunk) loads beside the
 * first request (i18n/start-language.ts); the app runs once both are in.
 */
import { chooseApi, type ChosenApi } from "./api/choose-api";
import { PAGE_SIZE } from "./store/list/page-size";
import { showFatal } from "./start/fatal";
import { keepEarlyItems, requestFirstScreen, type EarlyItems } from "./start/first-request";
import { findKeptScreen, type KeptScreen } from "./start/kept-screen";
import { afterFirstFrame, releaseHeldPreloads } from "./start/after-first-frame";
import { keepPendingStart } from "./start/pending-start";
import { prepareTimeFormatters } from "./lib/relative-time";
import { whileAnswerComes } from "./start/while-answer-comes";
import { startLanguage } from "./i18n/start-language";
import { formattingLocale, guessLanguage } from "./i18n/early-language";
import { addPseudoLocale } from "./i18n/pseudo-locale-loader";
import "./styles/index.css";

const rootElement = document.getElementById("root")!;
// Development and tests only: en-XA, asked for by the address, shows where a layout is too tight.
addPseudoLocale();

function start(chosen: ChosenApi, items: EarlyItems, kept: KeptScreen | null, guess: string): void {
  try {
    const early = requestFirstScreen(chosen, PAGE_SIZE, items);
    const language = startLanguage(early.outcome, guess);
    // The app chunk (preloaded by the page meanwhile) runs once the launch's answer and the catalogue
    // are in, and starts the app itself as it runs: the first render is then part of its evaluation
    // (start-app.tsx says why).
    Promise.all([language, early.launched])
      .then(([shown]) => {
        keepPendingStart({ rootElement, early, kept, language: shown });
        return import("./start/start-app");
      })
      .catch((error: unknown) => showFatal(rootElement, error));
    // The main thread waits for the answer and the app's code now: the first render's costly part that needs neither is done meanwhile.
    whileAnswerComes(chosen.connected, () => prepareTimeFormatters(formattingLocale(guess)));
  } catch (error) {
    showFatal(rootElement, error);
  }
}

// A first screen kept from the last session is painted first: the app's requests and its code wait
// for that frame, so they do not share the cores with it.
// One kept in another language than the one shown now is never shown (dropped before it is used).
const keptElement = rootElement.querySelector<HTMLElement>(":scope > .first-screen");
const keptLanguage = keptElement?.dataset.language;
const guess = guessLanguage(keptLanguage ? { language: keptLanguage, setting: keptElement?.dataset.languageSetting } : undefined);
const kept = findKeptScreen(rootElement, guess);
try {
  // Connected at once: the test host's socket opens while the first frame is made, so the first request leaves as the app's IPC would.
  // Its events are kept from now on, even those that come before the request.
  const chosen = chooseApi();
  const items = keepEarlyItems(chosen);
  if (kept) {
    afterFirstFrame(() => {
      releaseHeldPreloads();
      start(chosen, items, kept, guess);
    });
  } else {
    start(chosen, items, null, guess);
  }
} catch (error) {
  showFatal(rootElement, error);
}
