/**
 * Numbers and lists as the shown language writes them (Intl, with the catalogue's language):
 * counts, decimals, percentages, US dollar amounts, "a, b, c". Formatters are costly to make,
 * so each is made once per language and options.
 */
import { i18n } from "../i18n/i18n";

const made = new Map<string, Intl.NumberFormat | Intl.ListFormat>();

function cached<T extends Intl.NumberFormat | Intl.ListFormat>(kind: string, options: object, make: (language: string) => T): T {
  const language = i18n.language || "en";
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let format = made.get(key) as T | undefined;
  if (!format) {
    format = make(language);
    made.set(key, format);
  }
  return format;
}

const formatter = (options: Intl.NumberFormatOptions) => cached("number", options, (language) => new Intl.NumberFormat(language, options));

/** A whole count: "1,234" in English, "1.234" in German. */
export const formatCount = (n: number): string => formatter({ maximumFractionDigits: 0 }).format(n);

/** A number with exactly `digits` decimals ("1.5", "1,5"); `grouped` false: no thousands separator ("1023"). */
export const formatDecimal = (n: number, digits: number, grouped = true): string =>
  formatter({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: grouped }).format(n);

/** A whole percentage from 0-100: "42%", "42 %". */
export const formatPercent = (percent: number): string => formatter({ style: "percent", maximumFractionDigits: 0 }).format(percent / 100);

/** US dollars with between `min` and `max` decimals: "$0.125", "0,13 $". */
export const formatUsd = (usd: number, min: number, max: number): string =>
  formatter({ style: "currency", currency: "USD", minimumFractionDigits: min, maximumFractionDigits: max }).format(usd);

/** Names one after another: "a, b, c" in English, "a، وb، وc" in Arabic. */
export const formatList = (items: string[]): string => cached("list", {}, (language) => new Intl.ListFormat(language, { type: "unit", style: "short" })).format(items);
