/**
 * The results: `latest-<mode>.json` (the whole run, for tools) with its Markdown twin, and the
 * latest report of each suite that ran (suite-results.ts); older ones are in git's history, not
 * in the folder. Each file is written to a temporary file and renamed, so a reader never sees
 * half a file.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MachineInfo } from "./machine";
import type { Report } from "./report";
import { type SuiteResults, suiteResultsFile } from "./suite-results";

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

/** Writes the JSON and its Markdown twin as `latest-<mode>`; returns their paths. */
export function writeResults(folder: string, document: ResultsDocument, markdown: string): string[] {
  mkdirSync(folder, { recursive: true });
  const name = path.join(folder, `latest-${document.mode}`);
  writeAtomically(`${name}.json`, `${JSON.stringify(document, null, 2)}\n`);
  writeAtomically(`${name}.md`, markdown);
  return [`${name}.json`, `${name}.md`];
}

/** Replaces the suite's baseline with this report; returns its path. */
export function writeSuiteResults(folder: string, results: SuiteResults): string {
  mkdirSync(folder, { recursive: true });
  const file = suiteResultsFile(folder, results.suite, results.mode);
  writeAtomically(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
