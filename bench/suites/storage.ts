/**
 * Bytes stored after N turns (a ~400-character message and a ~400-character reply each),
 * run through the real Agent against the scripted model, compared with the raw text those
 * turns hold. SQLite's file is measured after folding in its WAL, search index included.
 */
import Anthropic from "@anthropic-ai/sdk";
import { benchAgent } from "../lib/bench-agent";
import { State } from "../../src/main/agent/state/state";
import { startModelServer } from "../../test/support/model-server";
import type { BenchConfig } from "../config";
import { rawTextBytes } from "../lib/conversation";
import { sizeByFileName } from "../lib/io";
import { sqliteBreakdown } from "../lib/sqlite-breakdown";
import type { Report, Section } from "../lib/report";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { openFiles, openSqlite } from "../subjects/store-handle";

export async function runStorage(report: Report, config: BenchConfig): Promise<void> {
  const turns = config.storageTurns;
  const section = report.section(`Bytes stored after ${turns} turns`, ["store", "raw text bytes", "stored bytes", "stored / raw", "stored B/turn"]);
  const replies = new TextSource(21);
  const server = await startModelServer({ fallback: () => ({ text: replies.text(config.entryChars), chunks: 3 }) });
  try {
    for (const open of [openSqlite, openFiles]) {
      await withTempFolder(async (folder) => {
        const handle = open(folder);
        try {
          const client = new Anthropic({ apiKey: "bench", baseURL: server.url, maxRetries: 0 });
          const agent = benchAgent(handle.store, client);
          const messages = new TextSource(22);
          const state = new State(messages.text(config.entryChars));
          await agent.run(state);
          for (let turn = 1; turn < turns; turn++) {
            server.reset();
            state.addUserMessage(messages.text(config.entryChars));
            await agent.run(state);
          }
          const raw = rawTextBytes(state.history);
          const stored = handle.storedBytes();
          const ratio = stored / raw;
          report.set(`storage.${handle.key}.rawBytes`, raw);
          report.set(`storage.${handle.key}.storedBytes`, stored);
          report.set(`storage.${handle.key}.ratio`, ratio);
          section.rows.push([handle.label, raw, stored, ratio, Math.round(stored / turns)]);
          if (handle.folder) explainFileStoreBytes(report, handle.folder, raw, report.section(`Where FileStore's bytes go after ${turns} turns`, ["file", "bytes", "x raw text"]));
          if (handle.file) explainSqliteBytes(report, handle.file, raw, report.section(`Where SqliteStore's bytes go after ${turns} turns`, ["part", "bytes", "x raw text", "of it unused"]));
        } finally {
          await handle.close();
        }
      });
    }
  } finally {
    await server.close();
  }
  section.notes.push("raw text: the UTF-8 bytes of every message and reply text; stored: every file of the store on disk.");
}

const GROUP_KEYS: Record<string, string> = {
  entries: "entries",
  "search index": "searchIndex",
  snapshots: "snapshots",
  conversations: "conversations",
  "schema and other": "other",
  "free pages": "freePages",
};

/** Pages per part of the schema (SQLite's dbstat), and how much of the entries is JSON around the text. */
function explainSqliteBytes(report: Report, file: string, raw: number, section: Section): void {
  const breakdown = sqliteBreakdown(file);
  for (const [group, key] of Object.entries(GROUP_KEYS)) {
    const bytes = breakdown.groups[group] ?? 0;
    report.set(`storage.sqlite.parts.${key}Bytes`, bytes);
    section.rows.push([group, bytes, bytes / raw, breakdown.unused[group] ?? 0]);
  }
  report.set("storage.sqlite.entryJsonBytes", breakdown.entryJsonBytes);
  report.set("storage.sqlite.duplicatedTextBytes", breakdown.duplicatedTextBytes);
  const around = breakdown.entryJsonBytes - breakdown.entryTextBytes - breakdown.duplicatedTextBytes;
  section.rows.push(["  of entries: JSON bodies", breakdown.entryJsonBytes, breakdown.entryJsonBytes / raw, null]);
  section.rows.push(["  of which: assistant text kept twice", breakdown.duplicatedTextBytes, breakdown.duplicatedTextBytes / raw, null]);
  section.rows.push(["  of which: JSON around the texts", around, around / raw, null]);
  report.set("storage.sqlite.searchColumnBytes", breakdown.searchColumnBytes);
  section.rows.push(["  of entries: the text again, as the search column", breakdown.searchColumnBytes, breakdown.searchColumnBytes / raw, null]);
  section.notes.push("bytes of pages per part (SQLite dbstat, after a checkpoint); unused: page slack inside those pages.");
}

/** Bytes per kind of file, every State's folder together. */
function explainFileStoreBytes(report: Report, folder: string, raw: number, section: Section): void {
  const sizes = [...sizeByFileName(folder)].sort((a, b) => b[1] - a[1]);
  for (const [name, bytes] of sizes) {
    section.rows.push([name, bytes, bytes / raw]);
    report.set(`storage.file.parts.${name.replace(/[^A-Za-z0-9]+/g, "_")}Bytes`, bytes);
  }
}
