/**
 * Whether a version meets a range as manifests write them (`>=3.10`, `^1.2.0`, `~0.4`,
 * `>=16 <23`, `1.x || >=2.1`). Pre-release tags are ignored: a range names releases.
 */
type Version = [number, number, number];

export function parseVersion(text: string): Version | null {
  const match = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return range.split("||").some((part) => part.trim().split(/\s+/).filter(Boolean).every((comparator) => meets(v, comparator)));
}

function meets(v: Version, comparator: string): boolean {
  if (comparator === "*" || /^[xX*]$/.test(comparator)) return true;
  const match = /^(>=|<=|>|<|=|\^|~)?\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?/.exec(comparator);
  if (!match) return false;
  const [, op = "=", ...parts] = match;
  const given = parts.filter((p) => p !== undefined && !/^[xX*]$/.test(p)).map(Number);
  const target: Version = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];
  const c = compare(v, target);
  switch (op) {
    case ">=": return c >= 0;
    case ">": return c > 0;
    case "<=": return c <= 0;
    case "<": return c < 0;
    case "^": return c >= 0 && v[0] === target[0] && (target[0] !== 0 || given.length < 2 || v[1] === target[1]);
    case "~": return c >= 0 && v[0] === target[0] && (given.length < 2 || v[1] === target[1]);
    default: return given.every((n, i) => v[i] === n); // "1.2" means 1.2.x
  }
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
