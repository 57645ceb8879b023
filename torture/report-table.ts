/**
 * The campaign's table: one row per store, plain text that reads well in a terminal and
 * pastes into Markdown.
 */
import type { StoreKind, Tally } from "./tally";

const COLUMNS: [string, (t: Tally) => number][] = [
  ["runs", (t) => t.runs],
  ["kills", (t) => t.kills],
  ["recoveries", (t) => t.recoveries],
  ["acknowledged entries lost", (t) => t.lost],
  ["tools run twice", (t) => t.twice],
  ["faults injected", (t) => t.faults],
  ["bad inputs tried", (t) => t.badInputs],
  ["crashes", (t) => t.crashes],
  ["checks failed", (t) => t.failures.length],
];

const STORE_NAMES: Record<StoreKind, string> = { sqlite: "SqliteStore", file: "FileStore", postgres: "PostgresStore" };

/** A Markdown table: `| store | runs | kills | ... |`. */
export function formatTable(tallies: Partial<Record<StoreKind, Tally>>): string {
  const header = ["store", ...COLUMNS.map(([name]) => name)];
  const rows = (Object.entries(tallies) as [StoreKind, Tally][]).map(([kind, tally]) => [
    STORE_NAMES[kind],
    ...COLUMNS.map(([, value]) => String(value(tally))),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? ":" : "") + "-".repeat(w + 1) + (i === 0 ? "" : ":")).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** What the runs went through, per store: the paths behind the table's zeros. */
export function formatSeen(tallies: Partial<Record<StoreKind, Tally>>): string {
  const lines: string[] = [];
  for (const [kind, tally] of Object.entries(tallies) as [StoreKind, Tally][]) {
    const items = Object.entries(tally.seen).sort(([a], [b]) => a.localeCompare(b));
    if (items.length) lines.push(`${STORE_NAMES[kind]}: ${items.map(([what, n]) => `${what} ${n}`).join(", ")}`);
  }
  return lines.join("\n");
}
