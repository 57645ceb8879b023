/**
 * Where each language's catalogue comes from: one lazily imported chunk per language
 * (locales/<code>.json), so the first screen loads only the catalogue it shows. Imported by the
 * window's entry, so it stays free of i18next itself. Another file may add a language (a
 * pseudo-locale for development and tests) with `addCatalogueLoader` before the window starts.
 */
import type { LanguageCode } from "../../../shared/languages";

/** A catalogue as its JSON file holds it: nested sections of words. */
export type Catalogue = { [key: string]: string | Catalogue };

export type CatalogueLoader = () => Promise<Catalogue>;

const fromModule = (module: { default: unknown }) => module.default as Catalogue;

// Each import() is its own chunk: Vite splits dynamically imported modules.
const loaders = new Map<string, CatalogueLoader>(
  Object.entries({
    en: () => import("./locales/en.json").then(fromModule),
    "zh-CN": () => import("./locales/zh-CN.json").then(fromModule),
    "zh-TW": () => import("./locales/zh-TW.json").then(fromModule),
    ja: () => import("./locales/ja.json").then(fromModule),
    ko: () => import("./locales/ko.json").then(fromModule),
    de: () => import("./locales/de.json").then(fromModule),
    fr: () => import("./locales/fr.json").then(fromModule),
    es: () => import("./locales/es.json").then(fromModule),
    "pt-BR": () => import("./locales/pt-BR.json").then(fromModule),
    ru: () => import("./locales/ru.json").then(fromModule),
    it: () => import("./locales/it.json").then(fromModule),
    ar: () => import("./locales/ar.json").then(fromModule),
  } satisfies Record<LanguageCode, CatalogueLoader>),
);

/** Adds (or replaces) the loader of a language the window may show, e.g. a pseudo-locale in tests. */
export function addCatalogueLoader(code: string, loader: CatalogueLoader): void {
  loaders.set(code, loader);
  loading.delete(code);
}

/** Whether the window has a catalogue for `code`. */
export function hasCatalogue(code: string): boolean {
  return loaders.has(code);
}

const loading = new Map<string, Promise<Catalogue>>();

/** The catalogue of `code`, loaded once; a load that failed is tried again at the next call. */
export function loadCatalogue(code: string): Promise<Catalogue> {
  const loader = loaders.get(code);
  if (!loader) return Promise.reject(new UnknownLanguageError(code));
  let promise = loading.get(code);
  if (!promise) {
    promise = loader();
    loading.set(code, promise);
    promise.catch(() => loading.get(code) === promise && loading.delete(code));
  }
  return promise;
}

export class UnknownLanguageError extends Error {
  override name = "UnknownLanguageError";
  constructor(code: string) {
    super(`The window has no words for the language "${code.slice(0, 40)}". Choose another language in Settings.`);
  }
}
