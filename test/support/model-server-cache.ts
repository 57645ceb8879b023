/**
 * The prompt cache of the scripted model server, simulated the way the Messages API
 * describes it: a request's prefix (tools, then system, then message blocks) up to a
 * `cache_control` breakpoint is cached when it is at least the minimum cacheable length;
 * a later request reads the longest cached prefix found at one of its breakpoints or up
 * to 20 blocks before it; an entry lives 5 minutes from its last use. Usage reports the
 * reads and writes as the API does: input_tokens counts only what was neither.
 */
import { createHash } from "node:crypto";
import { estimateTokens } from "./model-server-replies";

/** A breakpoint of a request: where it sits, and how many tokens the prefix up to it has. */
export interface CacheBreakpoint {
  /** e.g. "system.0", "tools.3", "messages.4.content.1". */
  path: string;
  prefixTokens: number;
}

export interface CacheUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface PromptCacheOptions {
  /** Shortest cacheable prefix in tokens (default 1,024, as for Sonnet and Opus). */
  minTokens?: number;
  /** Lifetime of an entry after its last use (default 5 minutes). */
  ttlMs?: number;
  /** The clock (default Date.now), so a test can let entries expire. */
  now?: () => number;
}

/** How far before a breakpoint the API looks for an earlier cached prefix. */
const LOOKBACK_BLOCKS = 20;

interface Unit {
  path: string;
  tokens: number;
  cached: boolean;
  json: string;
}

/** The request's cacheable units in prefix order, each without its cache_control. */
function unitsOf(body: any): Unit[] {
  const units: Unit[] = [];
  const add = (path: string, value: any, role?: string) => {
    const cached = typeof value === "object" && value !== null && value.cache_control !== undefined;
    const block = cached ? { ...value, cache_control: undefined } : value;
    const plain = role ? { role, block } : block; // a message block's role is part of the prefix
    units.push({ path, tokens: estimateTokens(plain), cached, json: JSON.stringify(plain) });
  };
  (Array.isArray(body?.tools) ? body.tools : []).forEach((tool: unknown, i: number) => add(`tools.${i}`, tool));
  if (typeof body?.system === "string") add("system", body.system);
  else if (Array.isArray(body?.system)) body.system.forEach((block: unknown, i: number) => add(`system.${i}`, block));
  (Array.isArray(body?.messages) ? body.messages : []).forEach((message: any, m: number) => {
    if (typeof message?.content === "string") add(`messages.${m}`, message.content, message.role);
    else if (Array.isArray(message?.content)) message.content.forEach((block: unknown, b: number) => add(`messages.${m}.content.${b}`, block, message.role));
  });
  return units;
}

export class PromptCache {
  private readonly entries = new Map<string, number>();
  private readonly minTokens: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: PromptCacheOptions = {}) {
    this.minTokens = options.minTokens ?? 1024;
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The breakpoints of a request and what it reads from and writes to the cache. */
  account(body: any): { breakpoints: CacheBreakpoint[]; usage: CacheUsage | null } {
    const units = unitsOf(body);
    const hashes: string[] = [];
    const totals: number[] = [];
    let hash = createHash("sha256").update(String(body?.model)).digest("hex");
    let total = 0;
    for (const unit of units) {
      hash = createHash("sha256").update(hash).update(unit.json).digest("hex");
      total += unit.tokens;
      hashes.push(hash);
      totals.push(total);
    }
    const marked = units.flatMap((unit, i) => (unit.cached ? [i] : []));
    const breakpoints = marked.map((i) => ({ path: units[i].path, prefixTokens: totals[i] }));
    if (marked.length === 0) return { breakpoints, usage: null };
    const now = this.now();
    const read = this.longestHit(marked, hashes, now);
    const readTokens = read < 0 ? 0 : totals[read];
    let writeEnd = readTokens;
    for (const i of marked) {
      if (totals[i] < this.minTokens) continue;
      this.entries.set(hashes[i], now + this.ttlMs);
      writeEnd = Math.max(writeEnd, totals[i]);
    }
    if (read >= 0) this.entries.set(hashes[read], now + this.ttlMs); // a read refreshes the lifetime
    const written = writeEnd - readTokens;
    return { breakpoints, usage: { input_tokens: total - readTokens - written, cache_creation_input_tokens: written, cache_read_input_tokens: readTokens } };
  }

  /** Index of the last unit of the longest live cached prefix, or -1. */
  private longestHit(marked: number[], hashes: string[], now: number): number {
    let best = -1;
    for (const end of marked) {
      for (let i = end; i >= 0 && i >= end - LOOKBACK_BLOCKS; i--) {
        const expires = this.entries.get(hashes[i]);
        if (expires !== undefined && expires > now) {
          best = Math.max(best, i);
          break;
        }
      }
    }
    return best;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A request body without its cache_control marks: what the model sees. */
export function withoutCacheControl<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutCacheControl) as T;
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (key !== "cache_control") out[key] = withoutCacheControl(item);
  return out as T;
}
