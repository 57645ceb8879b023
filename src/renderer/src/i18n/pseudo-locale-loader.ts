/**
 * Makes the pseudo-locale en-XA available where it helps and nowhere else: in the test host and
 * the development page (a page without the app's bridge), asked for by the address (`?language=en-XA`).
 * It is no choice in Settings. Its words are made from the English catalogue when it loads, in a
 * chunk of their own, so the window's entry only gains this loader.
 */
import { addCatalogueLoader, type Catalogue } from "./catalogue-loaders";

export function addPseudoLocale(): void {
  if (typeof window === "undefined" || window.alpine) return; // the app itself never shows it
  addCatalogueLoader("en-XA", () =>
    Promise.all([import("./pseudo-locale"), import("./locales/en.json")]).then(([pseudo, english]) => pseudo.pseudoCatalogue(english.default) as Catalogue),
  );
}
