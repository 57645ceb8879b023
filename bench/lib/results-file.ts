/**
 * The results: `<date>-<mode>.json` for the record and `latest-<mode>.json` for tools, each
 * with a Markdown twin for the README. Each file is written to a temporary file and renamed,
 * so a reader never sees half a file.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MachineInfo } from "./machine";
import type { Report } from "./report";

export interface ResultsDocument {
  date: string;
  mode: string;
  machine: MachineInfo;
  durationSeconds: number;
  loadAverageAtEnd: number[];
  figures: Record<string, number>;
  targets: Report["targets"];
  errors: Report["errors"];
  sections: Report["sections"];
}

function writeAtomically(file: string, text: string): void {
  const temp = `${file}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/** Writes the JSON and its Markdown twin, dated and as `latest-<mode>`; returns their paths. */
export function writeResults(folder: string, document: ResultsDocument, markdown: string): string[] {
  mkdirSync(folder, { recursive: true });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const day = document.date.slice(0, 10);
  const files: string[] = [];
  for (const name of [`${day}-${document.mode}`, `latest-${document.mode}`]) {
    writeAtomically(path.join(folder, `${name}.json`), text);
    writeAtomically(path.join(folder, `${name}.md`), markdown);
    files.push(path.join(folder, `${name}.json`), path.join(folder, `${name}.md`));
  }
  return files;
}
