/**
 * Numbers, sizes, prices and dates in the language shown (`i18n.language`), through `Intl`: a
 * sentence takes the formatted value as an interpolation (`t("…", { size: formatBytes(n) })`),
 * never builds it by concatenation. English keeps the window's words as they always were
 * ("1,234", "1.5 KB", "$0.0123"); other languages take CLDR's forms ("1,5 Ko", "1,5 кБ").
 */
import { formattingLocale } from "./early-language";
import { i18n } from "./i18n";

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The locale for the language shown now (the browser's regional tag when it is the same language). */
export function formatLocale(): string {
  return formattingLocale(i18n.language || "en");
}

// Formatters are costly to make and a long list formats many times: one per locale and options.
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = formatLocale();
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A count or any number: "1,234" / "1.234" / "1 234". */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(options).format(value);
}

/** A share: 0.25 → "25%" / "25 %". */
export function formatPercent(share: number, maximumFractionDigits = 0): string {
  return numberFormat({ style: "percent", maximumFractionDigits }).format(share);
}

const BYTE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
const ENGLISH_BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

export interface BytesOptions {
  /** Decimals shown: always one ("fixed", as an attachment's size), or one below 10 and none above ("short", the default). */
  digits?: "fixed" | "short";
}

/** A size in bytes with binary steps: "512 B", "1.5 KB", "25 MB" (in French "1,5 Ko", in Russian "1,5 кБ"). */
export function formatBytes(bytes: number, { digits = "short" }: BytesOptions = {}): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const decimals = unit === 0 ? 0 : digits === "fixed" || value < 10 ? 1 : 0;
  const number = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  if (i18n.language === "en" || !i18n.language) return `${formatNumber(value, number)} ${ENGLISH_BYTE_UNITS[unit]}`;
  return numberFormat({ ...number, style: "unit", unit: BYTE_UNITS[unit], unitDisplay: "short" }).format(value);
}

export interface PriceOptions {
  /** At least this many decimals (default 0: "$3"). */
  minimumFractionDigits?: number;
  /** At most this many (default 2). */
  maximumFractionDigits?: number;
}

/** An amount in US dollars: "$0.0123", "$3", "3,00 $", "US$3". */
export function formatPrice(usd: number, { minimumFractionDigits = 0, maximumFractionDigits = 2 }: PriceOptions = {}): string {
  return numberFormat({ style: "currency", currency: "USD", minimumFractionDigits, maximumFractionDigits: Math.max(minimumFractionDigits, maximumFractionDigits) }).format(usd);
}

/** A date (and time, unless `timeStyle` is left out as undefined): "Mar 12, 2026, 2:05 PM" / "12.03.2026, 14:05". */
export function formatDate(date: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return "";
  return dateFormat(options).format(value);
}

/** A list of names: "a, b and c" / "a, b und c" / "a、b、c". */
export function formatList(items: readonly string[], type: "conjunction" | "disjunction" = "conjunction"): string {
  return new Intl.ListFormat(formatLocale(), { style: "long", type }).format(items);
}
