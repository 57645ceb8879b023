/**
 * The pseudo-locale `en-XA`, for development and tests only: English with every letter
 * accented and each text 40% longer, between ⟦ ⟧, so a word left out of the catalogue shows
 * plain and a layout too tight for longer languages clips or overlaps where a test can see it.
 * {{variables}}, <tags> and $t(nesting) are kept untouched, so i18next fills them in as usual.
 */
import type { ResourceLanguage } from "i18next";

export const PSEUDO_LOCALE = "en-XA";

const PLAIN = Array.from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
const ACCENTED = Array.from("ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ");
const ACCENT = new Map(PLAIN.map((letter, index) => [letter, ACCENTED[index]!]));

/** What lengthens a text: words, so that the longer text wraps as a longer language's would. */
const FILLER = "ŀǿřḗḿ īƥşŭḿ ḓǿŀǿř şīŧ ȧḿḗŧ ƈǿƞşḗƈŧḗŧŭř ";
/** Kept as they are: interpolations, markup and nested keys. */
const KEPT = /(\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\))/;
const GROWTH = 0.4;

/** One English text in the pseudo-locale. */
export function pseudoText(english: string): string {
  const parts = english.split(KEPT);
  let visible = 0;
  const body = parts
    .map((part, index) => {
      if (index % 2 === 1) return part; // a kept mark
      visible += Array.from(part).length;
      return Array.from(part, (letter) => ACCENT.get(letter) ?? letter).join("");
    })
    .join("");
  if (visible === 0) return english;
  const extra = Math.max(2, Math.ceil(visible * GROWTH));
  return `⟦${body}${filler(extra - 2)}⟧`;
}

function filler(length: number): string {
  if (length <= 0) return "";
  const words = FILLER.repeat(Math.ceil(length / FILLER.length) + 1);
  return ` ${words.slice(0, length - 1).trimEnd().padEnd(length - 1, "·")}`;
}

/** A whole catalogue in the pseudo-locale, its keys (and so its plural forms) as in English. */
export function pseudoCatalogue(english: ResourceLanguage): ResourceLanguage {
  return Object.fromEntries(
    Object.entries(english).map(([key, value]) => [key, typeof value === "string" ? pseudoText(value) : pseudoCatalogue(value as ResourceLanguage)]),
  );
}
