/** The same report as Markdown, ready for the README: machine, targets, then every table. */
import type { MachineInfo } from "./machine";
import { describeMachine } from "./machine";
import type { Cell, Report } from "./report";
import { formatNumber } from "./table";

const cell = (value: Cell) => (value === null ? "–" : typeof value === "number" ? formatNumber(value) : value.replaceAll("|", "\\|"));

function table(columns: string[], rows: Cell[][]): string {
  const align = columns.map((_, i) => (rows.some((row) => typeof row[i] === "number") ? "---:" : "---"));
  return [`| ${columns.join(" | ")} |`, `| ${align.join(" | ")} |`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)].join("\n");
}

export function reportMarkdown(report: Report, date: string, mode: string, machine: MachineInfo): string {
  const parts = [`Benchmarks, ${mode} run of ${date.slice(0, 10)} on ${describeMachine(machine)}.`];
  parts.push(
    "### Targets",
    table(
      ["target", "limit", "measured", "result"],
      report.targets.map((t) => [t.name, `${t.comparison} ${formatNumber(t.limit)} ${t.unit}`.trim(), `${formatNumber(t.measured)} ${t.unit}`.trim(), t.met ? "met" : "**missed**"]),
    ),
  );
  for (const section of report.sections) {
    parts.push(`### ${section.title}`, table(section.columns, section.rows));
    if (section.notes.length > 0) parts.push(section.notes.map((note) => `_${note}_`).join("  \n"));
  }
  return `${parts.join("\n\n")}\n`;
}
