/**
 * Each language's catalogue, loaded at its first use (one small chunk each in the built
 * main process): English is in the launch path, the others only once a person's language
 * asks for one. A loaded catalogue is kept.
 */
import type { LanguageCode } from "../../../shared/languages";
import { type Catalogue, ENGLISH_WORDS, Words } from "./words";

type Loader = () => Promise<{ default: Catalogue }>;

const LOADERS: Record<Exclude<LanguageCode, "en">, Loader> = {
  "zh-CN": () => import("./locales/zh-CN.json"),
  "zh-TW": () => import("./locales/zh-TW.json"),
  ja: () => import("./locales/ja.json"),
  ko: () => import("./locales/ko.json"),
  de: () => import("./locales/de.json"),
  fr: () => import("./locales/fr.json"),
  es: () => import("./locales/es.json"),
  "pt-BR": () => import("./locales/pt-BR.json"),
  ru: () => import("./locales/ru.json"),
  it: () => import("./locales/it.json"),
  ar: () => import("./locales/ar.json"),
};

const loaded = new Map<LanguageCode, Promise<Words>>([["en", Promise.resolve(ENGLISH_WORDS)]]);

/** The words of `language`, its catalogue loaded once. */
export function loadWords(language: LanguageCode): Promise<Words> {
  let words = loaded.get(language);
  if (!words) {
    const load = LOADERS[language as Exclude<LanguageCode, "en">];
    words = Promise.resolve()
      .then(() => load())
      .then((module) => new Words(language, module.default));
    // A failed load is tried again next time rather than kept.
    words.catch(() => loaded.delete(language));
    loaded.set(language, words);
  }
  return words;
}
