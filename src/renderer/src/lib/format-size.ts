/** A size in the shown language's digits and unit abbreviations ("1.5 KB", "1,5 Ko"). */
import { t } from "../i18n/i18n";
import { formatDecimal } from "./language-formats";

const UNITS = ["size.bytes", "size.kilobytes", "size.megabytes", "size.gigabytes", "size.terabytes"] as const;

/** `value` in the unit `unit` (0: bytes, 1: KB, … 4: TB) with exactly `decimals` decimals (below 1024: no thousands separator). */
export function formatSize(value: number, unit: number, decimals: number): string {
  return t(UNITS[Math.min(unit, UNITS.length - 1)], { value: formatDecimal(value, decimals, false) });
}

/** How many units of 1024 the biggest of KB…TB holds. */
export const SIZE_UNIT_COUNT = UNITS.length;
