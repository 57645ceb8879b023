/**
 * The main process's own words (menus, the tray, dialogs, notifications, the updater's
 * messages), one JSON catalogue per language in locales/, in the window's catalogue format
 * (i18next's JSON v4: `{{name}}` interpolation, plural keys `key_one`, `key_other`, ...).
 * A small typed lookup rather than a second i18next instance: the main process needs only a
 * lookup, plurals and interpolation, synchronously, in more than one language at once (a
 * test, a rebuilt menu), without i18next's global state or its plugins in the launch path.
 * Plurals choose the form `Intl.PluralRules` gives for the language, as i18next does; numbers
 * are written with `Intl.NumberFormat` in that language. English is always loaded; the other
 * catalogues are loaded when first used (catalogues.ts).
 */
import type { LanguageCode } from "../../../shared/languages";
import en from "./locales/en.json";

/** English, the reference: every key a catalogue has (its plural keys with the forms English needs). */
type English = typeof en;

/** A catalogue as loaded: nested sections of strings (a language's plural forms differ from English's). */
export interface Catalogue {
  readonly [key: string]: string | Catalogue;
}

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A plural key is asked for by its base (`tray.more`) with a `count`; its forms are `tray.more_one`... */
type Asked<K extends string> = K extends `${infer Base}_other` ? Base : K extends `${string}_one` ? never : K;

export type WordKey = Asked<Leaves<English>>;

export type WordValues = Record<string, string | number>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export class Words {
  // Made at first use: the first Intl object a process makes reads the language data in (25 ms
  // here), and English words are made as the service's code loads, at launch, when none is needed yet.
  private plurals: Intl.PluralRules | null = null;
  private numbers: Intl.NumberFormat | null = null;

  constructor(
    readonly language: LanguageCode,
    private readonly catalogue: Catalogue,
  ) {}

  /** The words of `key` in this language, `{{name}}` replaced by `values` (numbers in the language's digits). */
  t(key: WordKey, values: WordValues = {}): string {
    const count = values.count;
    const text =
      (typeof count === "number" ? (lookup(this.catalogue, `${key}_${(this.plurals ??= new Intl.PluralRules(this.language)).select(count)}`) ?? lookup(this.catalogue, `${key}_other`)) : null) ??
      lookup(this.catalogue, key) ??
      // A catalogue is checked against English by the tests; should one still lack a key, English is better than nothing.
      lookup(en, typeof count === "number" ? `${key}_other` : key) ??
      key;
    return text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === "number" ? (this.numbers ??= new Intl.NumberFormat(this.language)).format(value) : value;
    });
  }
}

export const ENGLISH_WORDS = new Words("en", en);

function lookup(catalogue: unknown, path: string): string | null {
  let node: unknown = catalogue;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : null;
}
