/** Plain-text tables: columns padded to their widest cell, numbers right-aligned. */
import type { Cell, Report, Section } from "./report";

export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  if (Number.isInteger(value) && abs >= 1000) return value.toLocaleString("en-US");
  if (Number.isInteger(value)) return String(value);
  if (abs >= 1000) return Math.round(value).toLocaleString("en-US");
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

function cellText(cell: Cell): string {
  if (cell === null) return "-";
  return typeof cell === "number" ? formatNumber(cell) : cell;
}

export function formatTable(columns: string[], rows: Cell[][]): string {
  const texts = rows.map((row) => row.map(cellText));
  const widths = columns.map((title, i) => Math.max(title.length, ...texts.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[], numeric: boolean[]) =>
    cells.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ").trimEnd();
  const header = line(columns, columns.map(() => false));
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  const body = texts.map((cells, r) => line(cells, rows[r].map((cell) => typeof cell === "number")));
  return [header, rule, ...body].join("\n");
}

export function formatSection(section: Section): string {
  const parts = [`## ${section.title}`, formatTable(section.columns, section.rows)];
  for (const note of section.notes) parts.push(`  ${note}`);
  return parts.join("\n");
}

export function formatTargets(report: Report): string {
  const rows: Cell[][] = report.targets.map((t) => [
    t.name,
    `${t.comparison} ${formatNumber(t.limit)} ${t.unit}`.trim(),
    `${formatNumber(t.measured)} ${t.unit}`.trim(),
    t.met ? "pass" : "MISS",
  ]);
  return ["## Targets", formatTable(["target", "limit", "measured", "result"], rows)].join("\n");
}

export function formatReport(report: Report): string {
  const parts = report.sections.map(formatSection);
  parts.push(formatTargets(report));
  for (const error of report.errors) parts.push(`!! ${error.suite} failed: ${error.message}`);
  return parts.join("\n\n");
}
