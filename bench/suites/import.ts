/**
 * Import throughput and memory: a generated ChatGPT export of each size is imported into a
 * fresh SqliteStore in a child process. MB/s is the file's size over the import's time;
 * peak memory is the child's resident size at its highest, which stays flat as the file
 * grows because conversations are read and written one at a time.
 */
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { BenchConfig } from "../config";
import { writeChatgptExport } from "../lib/chatgpt-export-file";
import type { Report } from "../lib/report";
import { withTempFolder } from "../lib/temp";

const run = promisify(execFile);

interface ChildResult {
  ms: number;
  cpuMs: number;
  conversations: number;
  baseRssMB: number;
  peakRssMB: number;
  peakHeapMB: number;
}

export async function runImport(report: Report, config: BenchConfig): Promise<void> {
  const section = report.section("Import of a ChatGPT export (streaming, into SqliteStore)", ["file MB", "conversations", "seconds", "CPU seconds", "MB/s", "peak RSS MB", "RSS growth MB", "peak heap MB"]);
  for (const sizeMB of config.importSizesMB) {
    await withTempFolder(async (folder) => {
      const file = path.join(folder, "conversations.json");
      await writeChatgptExport(file, sizeMB * 1024 * 1024);
      const bytes = statSync(file).size;
      const child = path.join(path.dirname(new URL(import.meta.url).pathname), "../lib/import-child.ts");
      const { stdout } = await run(process.execPath, ["--import", "tsx", child, file, path.join(folder, "alpine.db")], { maxBuffer: 1024 * 1024 });
      const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as ChildResult;
      const mbps = bytes / 1024 / 1024 / (result.ms / 1000);
      const key = `import.${sizeMB}MB`;
      report.set(`${key}.MBps`, mbps);
      report.set(`${key}.cpuSeconds`, result.cpuMs / 1000);
      report.set(`${key}.peakRssMB`, result.peakRssMB);
      report.set(`${key}.rssGrowthMB`, result.peakRssMB - result.baseRssMB);
      report.set(`${key}.conversations`, result.conversations);
      section.rows.push([sizeMB, result.conversations, result.ms / 1000, result.cpuMs / 1000, mbps, result.peakRssMB, result.peakRssMB - result.baseRssMB, result.peakHeapMB]);
    });
  }
  section.notes.push("Every branch is created by its own durable commit (synchronous FULL): wall time well above CPU time is the disk's syncs and a busy machine.");
  section.notes.push("Each conversation: 20 turns of ~400-character messages, a regenerated reply and an edited question (3 branches).");
}
