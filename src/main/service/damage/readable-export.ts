/** What a damaged conversation still holds, as Markdown or JSON: the entries that pass their check. */
import type { EntryRecord, SalvagedConversation } from "../../agent";

function textOf(entry: EntryRecord): string {
  const text = (entry as { text?: unknown }).text;
  return typeof text === "string" ? text : JSON.stringify(entry);
}

function note(salvaged: SalvagedConversation): string {
  const left = salvaged.skipped.length;
  return (
    `Exported from a damaged conversation: ${salvaged.entries.length} entries could be read` +
    (left > 0 ? `, ${left} were left out (seq ${salvaged.skipped.join(", ")}).` : ".") +
    (salvaged.snapshot ? "" : " Its title and settings could not be read.")
  );
}

export function readableMarkdown(salvaged: SalvagedConversation): string {
  const title = salvaged.snapshot?.title ?? salvaged.listedId;
  const lines = [`# ${title}`, "", `> ${note(salvaged)}`, ""];
  for (const entry of salvaged.entries) {
    lines.push(`## ${entry.kind} (seq ${entry.seq}${entry.at ? `, ${entry.at}` : ""})`, "", textOf(entry), "");
  }
  return lines.join("\n");
}

export function readableJson(salvaged: SalvagedConversation): string {
  return `${JSON.stringify({ format: "alpine-readable-export", version: 1, note: note(salvaged), ...salvaged }, null, 2)}\n`;
}
