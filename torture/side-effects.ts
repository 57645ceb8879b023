/**
 * Side effects recorded outside the store: one line per tool execution event, appended and
 * fsync'd before the tool goes on, so a kill cannot lose a line that the store might keep.
 * A call id with two "start" lines ran twice.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from "node:fs";

export interface SideEffect {
  callId: string;
  tool: string;
  /** start: the tool began running; done: it returned (or threw, for the failing tool). */
  phase: "start" | "done";
  pid: number;
}

export function recordSideEffect(file: string, effect: SideEffect): void {
  const fd = openSync(file, "a", 0o600);
  try {
    writeSync(fd, JSON.stringify(effect) + "\n");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every complete line; a line cut by a kill (no newline yet) is not a recorded effect. */
export function readSideEffects(file: string): SideEffect[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  lines.pop(); // after the last newline: empty, or a cut line
  return lines.filter((line) => line.trim()).map((line) => JSON.parse(line) as SideEffect);
}

/** Call ids that started more than once, with how many times. */
export function callsRunTwice(effects: SideEffect[]): Map<string, number> {
  const starts = new Map<string, number>();
  for (const effect of effects) if (effect.phase === "start") starts.set(effect.callId, (starts.get(effect.callId) ?? 0) + 1);
  return new Map([...starts].filter(([, count]) => count > 1));
}
