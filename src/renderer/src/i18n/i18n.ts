/**
 * The window's words: one i18next instance, one JSON catalogue per language (locales/<code>.json).
 * Components take `t` from react-i18next's `useTranslation()`; code outside React imports `t` from here.
 * Keys are grouped by the part of the window that shows them (sidebar.*, settings.*, message.*…);
 * plurals use i18next's suffixes (_zero, _one, _two, _few, _many, _other) as each language needs.
 *
 * No catalogue is in this file: each language's is a chunk of its own, loaded before the first
 * render (i18n/start-language.ts) and put here by apply-language.ts, so the first screen loads
 * only the catalogue it shows.
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import english from "./locales/en.json";

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: false,
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false }, // React escapes what it renders
  returnNull: false,
  initAsync: false,
});

// Unit tests of the window's code (vitest, no launch) read the English words at once. Vite
// replaces MODE when it builds the window: the branch and the catalogue's import are left out.
if (import.meta.env.MODE === "test") i18n.addResourceBundle("en", "translation", english);

/** The catalogue's words outside React (stores, formatters): the language shown now. */
export const t = i18n.t.bind(i18n);
