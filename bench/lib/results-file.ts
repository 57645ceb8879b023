/**
 * The JSON results: `<date>-<mode>.json` for the record and `latest-<mode>.json` for tools,
 * each written to a temporary file and renamed, so a reader never sees half a file.
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

/** Writes both files; returns their paths. */
export function writeResults(folder: string, document: ResultsDocument): string[] {
  mkdirSync(folder, { recursive: true });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const day = document.date.slice(0, 10);
  const files = [path.join(folder, `${day}-${document.mode}.json`), path.join(folder, `latest-${document.mode}.json`)];
  for (const file of files) writeAtomically(file, text);
  return files;
}
