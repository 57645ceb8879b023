/**
 * Deterministic JSON: object keys in code-point order at every depth, no spaces, so the
 * same conversation always gives the same bytes (export → import → export is byte-equal).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = sortKeys(item);
  }
  return out;
}
