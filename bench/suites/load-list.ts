/**
 * 3. Load and list: load one long conversation; list the first page of many saved
 * conversations; search them (SqliteStore's full-text index). `read` is the store alone,
 * `load` adds rebuilding the State.
 */
import type { BenchConfig } from "../config";
import { entries, snapshotOf } from "../lib/conversation";
import type { Cell, Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeSeries } from "../lib/timing";
import { openFiles, openSqlite, type StoreOpener } from "../subjects/store-handle";
import { SEED_BATCH } from "../subjects/store-subject";

/** A word that appears in exactly one saved conversation, and one that appears in most. */
const RARE_WORD = "edelweiss";
const COMMON_WORD = "conversation";

const openers: StoreOpener[] = [openSqlite, openFiles];

async function measureLoad(report: Report, config: BenchConfig, rows: Cell[][]): Promise<void> {
  for (const open of openers) {
    await withTempFolder(async (folder) => {
      const handle = open(folder);
      try {
        const id = "long-conversation";
        const n = config.loadEntries;
        await handle.store.write(id, entries(0, n, new TextSource(3), config.entryChars), snapshotOf(id, "A long conversation", n), { create: true });
        const options = { warmup: 2, reps: config.loadReps };
        const read = summarise(await timeSeries(() => handle.store.read(id), options));
        const load = summarise(await timeSeries(() => handle.store.load(id), options));
        const loaded = await handle.store.load(id);
        if (loaded.history.length !== n) throw new Error(`${handle.label} loaded ${loaded.history.length} entries, not ${n}`);
        report.set(`load.${handle.key}.medianMs`, load.medianMs);
        report.set(`load.${handle.key}.p99Ms`, load.p99Ms);
        report.set(`load.${handle.key}.readMedianMs`, read.medianMs);
        rows.push([`${handle.label}: load ${n.toLocaleString("en-US")} entries`, load.medianMs, load.p99Ms]);
        rows.push([`${handle.label}: of which read`, read.medianMs, read.p99Ms]);
      } finally {
        await handle.close();
      }
    });
  }
}

/** Small conversations (a message and a reply), one create write each, a batch at a time. */
async function seedMany(handle: ReturnType<StoreOpener>, count: number, chars: number): Promise<void> {
  const text = new TextSource(11);
  for (let first = 0; first < count; first += SEED_BATCH) {
    const batch: unknown[] = [];
    for (let i = first; i < Math.min(count, first + SEED_BATCH); i++) {
      const id = `conversation-${i}`;
      const records = entries(0, 2, text, chars);
      if (i === Math.floor(count / 2)) records[0].text = `${records[0].text} ${RARE_WORD}`;
      records[1].text = `${records[1].text} ${COMMON_WORD}`;
      const snapshot = { ...snapshotOf(id, `Conversation ${i}: ${records[0].text.slice(0, 40)}`, 2), updatedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() };
      batch.push(handle.store.write(id, records, snapshot, { create: true }));
    }
    await Promise.all(batch);
  }
}

/** Listing and searching only read, so the SQLite store is opened without a sync per commit to seed thousands of conversations quickly. */
const listOpeners: StoreOpener[] = [(folder) => openSqlite(folder, { synchronous: "NORMAL" }), openFiles];

async function measureList(report: Report, config: BenchConfig, rows: Cell[][]): Promise<void> {
  const n = config.listConversations;
  const page = config.listPage;
  for (const open of listOpeners) {
    await withTempFolder(async (folder) => {
      const handle = open(folder);
      try {
        await seedMany(handle, n, config.entryChars);
        const options = { warmup: 2, reps: config.listReps };
        const first = await handle.store.list({ limit: page, offset: 0 });
        if (first.length !== Math.min(page, n)) throw new Error(`${handle.label}.list returned ${first.length} of a page of ${page}`);
        if (first[0].id !== `conversation-${n - 1}`) throw new Error(`${handle.label}.list did not put the newest first (got ${first[0].id})`);
        const list = summarise(await timeSeries(() => handle.store.list({ limit: page, offset: 0 }), options));
        report.set(`list.${handle.key}.firstPage.medianMs`, list.medianMs);
        report.set(`list.${handle.key}.firstPage.p99Ms`, list.p99Ms);
        rows.push([`${handle.label}: list first ${page} of ${n.toLocaleString("en-US")}`, list.medianMs, list.p99Ms]);
        const search = (handle.store as { search?: (query: string, options: { limit: number }) => unknown }).search;
        if (typeof search !== "function") return;
        const run = (word: string) => search.call(handle.store, word, { limit: page });
        const rare = (await run(RARE_WORD)) as unknown[];
        if (rare.length !== 1) throw new Error(`${handle.label}.search("${RARE_WORD}") found ${rare.length} conversations, not 1`);
        const rareTimes = summarise(await timeSeries(() => run(RARE_WORD), options));
        const commonTimes = summarise(await timeSeries(() => run(COMMON_WORD), options));
        report.set(`search.${handle.key}.rare.medianMs`, rareTimes.medianMs);
        report.set(`search.${handle.key}.rare.p99Ms`, rareTimes.p99Ms);
        report.set(`search.${handle.key}.common.medianMs`, commonTimes.medianMs);
        report.set(`search.${handle.key}.common.p99Ms`, commonTimes.p99Ms);
        rows.push([`${handle.label}: search a word in 1 of ${n.toLocaleString("en-US")}`, rareTimes.medianMs, rareTimes.p99Ms]);
        rows.push([`${handle.label}: search a word in all, first ${page}`, commonTimes.medianMs, commonTimes.p99Ms]);
      } finally {
        await handle.close();
      }
    });
  }
}

export async function runLoadList(report: Report, config: BenchConfig): Promise<void> {
  const section = report.section("Load, list and search", ["operation", "median ms", "p99 ms"]);
  await measureLoad(report, config, section.rows);
  await measureList(report, config, section.rows);
}
