/**
 * Writes an export file conversation by conversation (memory holds one at a time), to a
 * temporary name first and then renamed, so a failed export leaves no half file behind.
 */
import { promises as fs } from "node:fs";
import type { ExportFormat, ExportResult, ExportScope } from "../../../shared/transfer-types";
import { ConversationNotFoundError } from "../service-errors";
import { ALPINE_FOOTER, alpineConversationJson, alpineHeader } from "./alpine-json";
import { collectShown, collectTree, conversationRows } from "./export-collect";
import { conversationMarkdown } from "./export-markdown";
import type { TransferStore } from "./import-writer";
import type { PortableConversation } from "./portable";
import { ExportWriteError } from "./transfer-errors";

export interface ExportRequest {
  scope: ExportScope;
  format: ExportFormat;
  /** The conversation (any of its branch ids names it too), unless the scope is "all". */
  conversationId?: string;
}

/** The conversations of a request, one at a time. */
export async function* exportedConversations(store: TransferStore, request: ExportRequest): AsyncGenerator<PortableConversation> {
  const groups = await conversationRows(store);
  if (request.scope === "all") {
    for (const [id, rows] of groups) yield await collectTree(store, id, rows);
    return;
  }
  const wanted = request.conversationId ?? "";
  const entry = [...groups.entries()].find(([id, rows]) => id === wanted || rows.some((r) => r.id === wanted));
  if (!entry) throw new ConversationNotFoundError(wanted);
  yield request.scope === "shown" ? await collectShown(store, entry[1]) : await collectTree(store, entry[0], entry[1]);
}

/** The export as text (tests and small exports). */
export async function exportText(store: TransferStore, request: ExportRequest): Promise<string> {
  const parts: string[] = [];
  await writeParts(store, request, async (text) => void parts.push(text));
  return parts.join("");
}

export async function exportToFile(store: TransferStore, request: ExportRequest, target: string): Promise<ExportResult> {
  const partial = `${target}.partial`;
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(partial, "w", 0o600);
    const file = handle;
    let bytes = 0;
    const count = await writeParts(store, request, async (text) => {
      bytes += Buffer.byteLength(text);
      await file.write(text);
    });
    await file.sync();
    await file.close();
    handle = null;
    await fs.rename(partial, target);
    return { path: target, bytes, conversations: count };
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await fs.rm(partial, { force: true }).catch(() => undefined);
    if (error instanceof ConversationNotFoundError) throw error;
    throw new ExportWriteError(target, error);
  }
}

async function writeParts(store: TransferStore, request: ExportRequest, write: (text: string) => Promise<void>): Promise<number> {
  let count = 0;
  if (request.format === "json") await write(alpineHeader());
  for await (const conversation of exportedConversations(store, request)) {
    if (request.format === "json") await write(`${count > 0 ? ",\n" : ""}${alpineConversationJson(conversation)}`);
    else await write(`${count > 0 ? "\n\n" : ""}${conversationMarkdown(conversation)}`);
    count++;
  }
  if (request.format === "json") await write(`${count > 0 ? "\n" : ""}${ALPINE_FOOTER}`);
  return count;
}
