/**
 * The catalogue of the first screen, loaded beside the first request: the guessed language's
 * catalogue starts loading at once; once the launch answer is in, the language it decides is
 * known, and only if the guess was wrong (a setting changed elsewhere, a new system language)
 * is another catalogue asked for. Imported by the window's entry: no i18next here.
 */
import type { LaunchOutcome } from "../start/first-request";
import { type Catalogue, loadCatalogue } from "./catalogue-loaders";
import { languageOfLaunch } from "./early-language";

export interface ShownLanguage {
  code: string;
  catalogue: Catalogue;
}

/** `guess`: the language guessed before the answer (early-language.ts). */
export function startLanguage(outcome: Promise<LaunchOutcome>, guess: string): Promise<ShownLanguage> {
  const guessed = loadCatalogue(guess);
  guessed.catch(() => undefined); // waited for below only when it is the one shown
  return outcome.then((result) => {
    const code = result.ok ? languageOfLaunch(result.launch) : guess;
    return (code === guess ? guessed : loadCatalogue(code)).then((catalogue) => ({ code, catalogue }));
  });
}
