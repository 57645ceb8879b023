/**
 * Attachments: attaching a 20 MB PDF through the window's request (base64 over IPC, type
 * and limit checks, the content hash, the durable write): the time until it is durable and
 * the memory it took; and the sidebar's list and search timings with the stored files
 * (1 GB in the full run) against the same conversations with none: listing and searching
 * never read attachment bytes.
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
import { nowMs, timeSeries } from "../lib/timing";

const MB = 1024 * 1024;
const fakePdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(size - 9)]);

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

async function listAndSearch(service: AlpineService, reps: number) {
  const options = { warmup: 3, reps };
  const list = summarise(await timeSeries(() => service.conversations.list({ offset: 0, limit: 100 }), options));
  const search = summarise(await timeSeries(() => service.conversations.list({ offset: 0, limit: 100, query: "edelweiss" }), options));
  return { list: list.medianMs, search: search.medianMs };
}

async function withStored(storedMB: number, config: BenchConfig) {
  return withTempFolder(async (dataFolder) => {
    const files = Math.ceil(storedMB / 20);
    const refs: { id: string; name: string }[] = [];
    if (files > 0) {
      const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper(null) });
      for (let i = 0; i < files; i++) refs.push({ id: (await service.attachments.add(fakePdf(20 * MB), `file-${i}.pdf`)).id, name: `file-${i}.pdf` });
      await seedConversations(dataFolder, config.listConversations, []);
      for (let i = 0; i < files; i++) await service.attachments.confirm(`conversation-${i}`, [refs[i].id]);
      await service.shutdown();
    } else {
      await seedConversations(dataFolder, config.listConversations, []);
    }
    const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper(null) });
    try {
      return await listAndSearch(service, config.listReps);
    } finally {
      await service.shutdown();
    }
  });
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
  const none = await withStored(0, config);
  const stored = await withStored(config.attachmentsStoredMB, config);
  report.set("attachments.list.noneMs", none.list);
  report.set("attachments.list.storedMs", stored.list);
  report.set("attachments.search.noneMs", none.search);
  report.set("attachments.search.storedMs", stored.search);
  const section = report.section(`Attachments (${config.attachmentsStoredMB.toLocaleString("en-US")} MB stored, ${config.listConversations.toLocaleString("en-US")} conversations)`, ["measure", "value"]);
  section.rows.push(["attach a 20 MB PDF: time to durable (ms)", report.figures["attachments.pdf20.durableMs"]]);
  section.rows.push(["attach a 20 MB PDF: RSS growth (MB)", report.figures["attachments.pdf20.rssGrowthMB"]]);
  section.rows.push(["list first page, no attachments (ms)", none.list]);
  section.rows.push(["list first page, with attachments (ms)", stored.list]);
  section.rows.push(["search, no attachments (ms)", none.search]);
  section.rows.push(["search, with attachments (ms)", stored.search]);
  section.notes.push("time to durable: the window's request (base64) decoded, checked, hashed, written with fsync and indexed.");
}
