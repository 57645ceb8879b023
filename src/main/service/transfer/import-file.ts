/**
 * Imports a file of conversations (Alpine JSON, the ChatGPT export or the Claude.ai
 * export), streaming: the file is read in chunks and each conversation is converted and
 * written as soon as it is complete, so memory holds one conversation, never the file.
 * The first broken record stops the import with an error naming the file and the record;
 * what was imported before it stays.
 */
import { createReadStream, promises as fs } from "node:fs";
import type { ImportProgress, ImportReport } from "../../../shared/transfer-types";
import { ALPINE_LIST_KEY, alpineConversation, checkAlpineHeader } from "./alpine-json";
import { chatgptConversation, isChatgptConversation } from "./chatgpt-format";
import { claudeConversation, isClaudeConversation } from "./claude-format";
import { type ConversationWriteError, type TransferStore, writeConversation } from "./import-writer";
import { JsonArrayScanner, JsonScanError } from "./json-array-scanner";
import { conversationFromTree } from "./message-tree";
import type { ImportSource, PortableConversation } from "./portable";
import { ImportFileError, ImportReadError, RecordShapeError } from "./transfer-errors";
import { yieldToIo } from "../yield-to-io";

export interface ImportOptions {
  /** The name the person knows the file by (an upload's own name); the path when left out. */
  displayName?: string;
  /** Told after each chunk and each conversation. */
  onProgress?: (progress: ImportProgress) => void;
  /** Read size (default 256 KB). */
  chunkBytes?: number;
}

interface Converted {
  source: ImportSource;
  conversation: PortableConversation | null;
  title: string;
}

/** Detects the record's program and makes it Alpine branches (null: it has no message). */
export function convertRecord(record: unknown, alpineFile: boolean): Converted {
  if (alpineFile) {
    const conversation = alpineConversation(record);
    return { source: "alpine", conversation, title: conversation.branches[0].snapshot.title };
  }
  if (isChatgptConversation(record)) {
    const source = chatgptConversation(record);
    return { source: "chatgpt", conversation: conversationFromTree(source), title: source.title };
  }
  if (isClaudeConversation(record)) {
    const source = claudeConversation(record);
    return { source: "claude", conversation: conversationFromTree(source), title: source.title };
  }
  throw new RecordShapeError("it is neither a ChatGPT conversation (no \"mapping\") nor a Claude.ai conversation (no \"chat_messages\")");
}

export async function importFile(store: TransferStore, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const name = options.displayName ?? file;
  let totalBytes: number;
  try {
    totalBytes = (await fs.stat(file)).size;
  } catch (error) {
    throw new ImportReadError(name, error);
  }
  const report: ImportReport = { file: name, format: null, imported: [], skipped: [], error: null };
  const progress = (bytesRead: number, done: boolean) =>
    options.onProgress?.({ file: name, bytesRead, totalBytes, imported: report.imported.length, skipped: report.skipped.length, done });
  const stream = createReadStream(file, { encoding: "utf8", highWaterMark: options.chunkBytes ?? 256 * 1024 });
  const scanner = new JsonArrayScanner({ listKey: ALPINE_LIST_KEY });
  let record: number | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      for (const item of scanner.push(chunk)) {
        record = item.index;
        const alpineFile = scanner.isObject;
        if (alpineFile && item.index === 1) checkAlpineHeader(scanner.header);
        await importRecord(store, item.value, alpineFile, report);
        progress(stream.bytesRead, false);
        // Let other work of the process (the window's requests, runs) go between conversations.
        await yieldToIo();
      }
      record = null;
      progress(stream.bytesRead, false);
    }
    scanner.end();
    if (scanner.isObject) checkAlpineHeader(scanner.header);
    report.format ??= scanner.isObject ? "alpine" : null;
  } catch (error) {
    stream.destroy();
    report.error = describeFailure(error, name, record).message;
  }
  progress(stream.bytesRead, true);
  return report;
}

async function importRecord(store: TransferStore, value: unknown, alpineFile: boolean, report: ImportReport): Promise<void> {
  const converted = convertRecord(value, alpineFile);
  report.format ??= converted.source;
  if (!converted.conversation) {
    report.skipped.push({ id: null, title: converted.title, reason: "it has no messages" });
    return;
  }
  const outcome = await writeConversation(store, converted.conversation);
  if (outcome.kind === "imported") report.imported.push({ id: outcome.id, title: outcome.title, branches: outcome.branches });
  else report.skipped.push({ id: outcome.id, title: outcome.title, reason: outcome.reason });
}

function describeFailure(error: unknown, file: string, record: number | null): Error {
  if (error instanceof JsonScanError) return new ImportFileError(file, error.record, error.message);
  if (error instanceof RecordShapeError || error instanceof TypeError || error instanceof RangeError) return new ImportFileError(file, record, error.message);
  if (error instanceof Error && error.name === "ConversationWriteError") return new ImportFileError(file, record, (error as ConversationWriteError).message);
  if (error instanceof Error && "code" in error) return new ImportReadError(file, error);
  return error instanceof Error ? error : new Error(String(error));
}
