/**
 * Attachments: attaching a 20 MB PDF through the window's request (base64 over IPC, type
 * and limit checks, the content hash, the durable write): the time until it is durable and
 * the memory it took; and the sidebar's list and search timings with the stored files
 * (1 GB in the full run, 40 MB in the quick one) against the same conversations with none,
 * timed in turn: listing and searching never open an attachment file (counted).
 */
import { randomBytes } from "node:crypto";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { AlpineService } from "../../src/main/service/alpine-service";
import { openConversationStore } from "../../src/main/service/conversations/conversation-store";
import { createRequestHandlers, dispatchRequest } from "../../src/main/service/request-handlers";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import type { BenchConfig } from "../config";
import { entries, snapshotOf } from "../lib/conversation";
import type { Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { nowMs, timeOnce } from "../lib/timing";

const MB = 1024 * 1024;
const fakePdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(size - 9)]);
/** A PDF of `size` bytes, different for each `n` (stored once per content hash), cheap to make: zeros after its header. */
const generatedPdf = (size: number, n: number) => {
  const bytes = Buffer.alloc(size);
  bytes.write(`%PDF-1.4\n% generated file ${n}\n`);
  return bytes;
};

async function seedConversations(dataFolder: string, count: number, refs: { id: string; name: string }[]): Promise<void> {
  const store = openConversationStore(dataFolder);
  const text = new TextSource(5);
  try {
    for (let i = 0; i < count; i++) {
      const id = `conversation-${i}`;
      const records: EntryRecord[] = entries(0, 2, text, 400);
      if (refs.length) records[0] = { ...records[0], attachments: [{ ...refs[i % refs.length], kind: "pdf", mediaType: "application/pdf", size: 20 * MB }] } as EntryRecord;
      if (i === Math.floor(count / 2)) records[0].text += " edelweiss";
      await store.write(id, records, snapshotOf(id, `Conversation ${i}`, 2), { create: true });
    }
  } finally {
    store.close();
  }
}

/** The sidebar's first page and a search, as the window asks for them. */
const listPage = (service: AlpineService) => service.conversations.list({ offset: 0, limit: 100 });
const searchPage = (service: AlpineService) => service.conversations.list({ offset: 0, limit: 100, query: "edelweiss" });

/** A data folder of `config.listConversations` conversations, the first ones referring to `storedMB` of attachment files. */
async function prepare(dataFolder: string, storedMB: number, config: BenchConfig): Promise<void> {
  const files = Math.ceil(storedMB / 20);
  if (files === 0) return seedConversations(dataFolder, config.listConversations, []);
  const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper(null) });
  try {
    const refs: string[] = [];
    for (let i = 0; i < files; i++) refs.push((await service.attachments.add(generatedPdf(20 * MB, i), `file-${i}.pdf`)).id);
    await seedConversations(dataFolder, config.listConversations, []);
    for (let i = 0; i < files; i++) await service.attachments.confirm(`conversation-${i}`, [refs[i]]);
  } finally {
    await service.shutdown();
  }
}

/** Files under `folder` that list and search open while `fn` runs (they must open none). */
async function filesOpenedUnder<T>(folder: string, fn: () => Promise<T>): Promise<{ result: T; opened: number }> {
  let opened = 0;
  const count = (file: unknown) => {
    if (String(file).startsWith(folder)) opened++;
  };
  const fsModule = await import("node:fs");
  const { syncBuiltinESMExports } = await import("node:module");
  const real = { openSync: fsModule.default.openSync, open: fsModule.default.promises.open, readFile: fsModule.default.promises.readFile, readFileSync: fsModule.default.readFileSync };
  const fs = fsModule.default as unknown as Record<string, unknown> & { promises: Record<string, unknown> };
  fs.openSync = (file: unknown, ...rest: unknown[]) => (count(file), (real.openSync as (...a: unknown[]) => number)(file, ...rest));
  fs.readFileSync = (file: unknown, ...rest: unknown[]) => (count(file), (real.readFileSync as (...a: unknown[]) => unknown)(file, ...rest));
  fs.promises.open = (file: unknown, ...rest: unknown[]) => (count(file), (real.open as (...a: unknown[]) => unknown)(file, ...rest));
  fs.promises.readFile = (file: unknown, ...rest: unknown[]) => (count(file), (real.readFile as (...a: unknown[]) => unknown)(file, ...rest));
  syncBuiltinESMExports(); // named imports of node:fs see the counting ones too
  try {
    return { result: await fn(), opened };
  } finally {
    Object.assign(fs, { openSync: real.openSync, readFileSync: real.readFileSync });
    Object.assign(fs.promises, { open: real.open, readFile: real.readFile });
    syncBuiltinESMExports();
  }
}

/**
 * The first page and a search with no attachments and with `storedMB` stored, the two data
 * folders open side by side and timed in turn, step by step, so both meet the same machine.
 */
async function listAndSearch(config: BenchConfig) {
  return withTempFolder(async (none) =>
    withTempFolder(async (stored) => {
      await prepare(none, 0, config);
      await prepare(stored, config.attachmentsStoredMB, config);
      const services = [none, stored].map((dataFolder) => new AlpineService({ dataFolder, secrets: new MemorySecretKeeper(null) }));
      const samples = { list: [[], []] as number[][], search: [[], []] as number[][] };
      try {
        const warmup = 3;
        const { opened } = await filesOpenedUnder(stored, async () => {
          for (let i = 0; i < warmup + config.listReps; i++) {
            // Each goes first every other time, so neither always meets a cache the other warmed.
            for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) {
              const service = services[which];
              const listMs = await timeOnce(() => listPage(service));
              const searchMs = await timeOnce(() => searchPage(service));
              if (i < warmup) continue;
              samples.list[which].push(listMs);
              samples.search[which].push(searchMs);
            }
          }
        });
        const found = (await searchPage(services[1])).items.length;
        if (found !== 1) throw new Error(`the search found ${found} conversations, not the one with the word`);
        const median = (values: number[]) => summarise(values).medianMs;
        return {
          list: { none: median(samples.list[0]), stored: median(samples.list[1]) },
          search: { none: median(samples.search[0]), stored: median(samples.search[1]) },
          attachmentFilesOpened: opened,
        };
      } finally {
        for (const service of services) await service.shutdown();
      }
    }),
  );
}

async function attachLargePdf(report: Report): Promise<void> {
  await withTempFolder(async (dataFolder) => {
    const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper(null) });
    const handlers = createRequestHandlers(service);
    try {
      const dataBase64 = fakePdf(20 * MB).toString("base64"); // what the window sends
      global.gc?.();
      const before = process.memoryUsage();
      const started = nowMs();
      const result = await dispatchRequest(handlers, "attachments:add", { name: "big.pdf", dataBase64 });
      const ms = nowMs() - started;
      const after = process.memoryUsage();
      if (!result.ok) throw new Error(`attaching failed: ${result.error.message}`);
      report.set("attachments.pdf20.durableMs", ms);
      report.set("attachments.pdf20.rssGrowthMB", (after.rss - before.rss) / MB);
      report.set("attachments.pdf20.heapGrowthMB", (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB);
    } finally {
      await service.shutdown();
    }
  });
}

export async function runAttachments(report: Report, config: BenchConfig): Promise<void> {
  await attachLargePdf(report);
  const { list, search, attachmentFilesOpened } = await listAndSearch(config);
  report.set("attachments.list.noneMs", list.none);
  report.set("attachments.list.storedMs", list.stored);
  report.set("attachments.list.storedVsNone", list.stored / list.none);
  report.set("attachments.search.noneMs", search.none);
  report.set("attachments.search.storedMs", search.stored);
  report.set("attachments.search.storedVsNone", search.stored / search.none);
  report.set("attachments.listSearch.filesOpened", attachmentFilesOpened);
  const section = report.section(`Attachments (${config.attachmentsStoredMB.toLocaleString("en-US")} MB stored, ${config.listConversations.toLocaleString("en-US")} conversations)`, ["measure", "value"]);
  section.rows.push(["attach a 20 MB PDF: time to durable (ms)", report.figures["attachments.pdf20.durableMs"]]);
  section.rows.push(["attach a 20 MB PDF: RSS growth (MB)", report.figures["attachments.pdf20.rssGrowthMB"]]);
  section.rows.push(["list first page, no attachments (ms)", list.none]);
  section.rows.push(["list first page, with attachments (ms)", list.stored]);
  section.rows.push(["list first page, with vs without", `${(list.stored / list.none).toFixed(2)}x`]);
  section.rows.push(["search, no attachments (ms)", search.none]);
  section.rows.push(["search, with attachments (ms)", search.stored]);
  section.rows.push(["search, with vs without", `${(search.stored / search.none).toFixed(2)}x`]);
  section.rows.push(["attachment files opened while listing and searching", attachmentFilesOpened]);
  section.notes.push("time to durable: the window's request (base64) decoded, checked, hashed, written with fsync and indexed.");
  section.notes.push("list and search: the two data folders open side by side, timed in turn; the stored files are removed when the suite ends or the run is stopped.");
}
