/**
 * PostgresStore on a loopback server: a run's save (one entry and the snapshot, the lease
 * checked) at 10 and at 10,000 entries, against a bare single-row commit on the same server,
 * timed interleaved; list the first page of many conversations; load a long conversation.
 */
import type pg from "pg";
import type { BenchConfig } from "../config";
import { entries, snapshotOf } from "../lib/conversation";
import type { Cell, Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { TextSource } from "../lib/text";
import { timeOnce, timeSeries } from "../lib/timing";
import { type BenchServer, benchServer } from "../subjects/postgres-server";

const SEED_CHUNK = 1_000;

async function grow(server: BenchServer, id: string, count: number, chars: number) {
  const opened = await server.freshStore();
  const text = new TextSource(5);
  await opened.store.write(id, entries(0, Math.min(count, SEED_CHUNK), text, chars), snapshotOf(id, "Saving", Math.min(count, SEED_CHUNK)), { create: true });
  for (let from = SEED_CHUNK; from < count; from += SEED_CHUNK) {
    const to = Math.min(count, from + SEED_CHUNK);
    await opened.store.write(id, entries(from, to - from, text, chars), snapshotOf(id, "Saving", to), { create: false });
  }
  return opened;
}

/** Saves of one entry each (as a run makes them) and bare commits of a row of the same size, interleaved. */
async function measureSaves(report: Report, config: BenchConfig, server: BenchServer, rows: Cell[][]): Promise<void> {
  const client: pg.Client = await server.admin();
  // A logged table (a temporary one skips the write-ahead log, so its commit would not be a real one).
  const floorTable = `bench_floor_${process.pid}`;
  await client.query(`CREATE TABLE IF NOT EXISTS public.${floorTable} (id serial PRIMARY KEY, body text NOT NULL)`);
  const medians: number[] = [];
  try {
    for (const size of config.historySizes) {
      const id = "saving";
      const opened = await grow(server, id, size, config.entryChars);
      const lease = await opened.store.acquireLease(id);
      const text = new TextSource(7);
      const saves: number[] = [];
      const floors: number[] = [];
      try {
        const total = config.saveWarmup + config.saveSteps;
        for (let step = 0; step < total; step++) {
          const seq = size + step;
          const [entry] = entries(seq, 1, text, config.entryChars);
          const body = JSON.stringify(entry);
          const floor = await timeOnce(() => client.query({ name: "floor", text: `INSERT INTO public.${floorTable} (body) VALUES ($1)`, values: [body] }));
          const save = await timeOnce(() => opened.store.write(id, [entry], snapshotOf(id, "Saving", seq + 1), { create: false, lease }));
          if (step >= config.saveWarmup) {
            saves.push(save);
            floors.push(floor);
          }
        }
      } finally {
        await lease.release();
        await opened.done();
      }
      const save = summarise(saves);
      const floor = summarise(floors);
      medians.push(save.medianMs);
      report.set(`save.postgres.${size}.medianMs`, save.medianMs);
      report.set(`save.postgres.${size}.p99Ms`, save.p99Ms);
      report.set(`floor.postgres.${size}.medianMs`, floor.medianMs);
      rows.push([`PostgresStore: save at ${size.toLocaleString("en-US")} entries`, save.medianMs, save.p99Ms]);
      rows.push([`bare single-row commit (beside it)`, floor.medianMs, floor.p99Ms]);
      if (size === Math.min(...config.historySizes)) report.set("save.postgres.vsFloor", save.medianMs / floor.medianMs);
    }
  } finally {
    await client.query(`DROP TABLE IF EXISTS public.${floorTable}`);
    await client.end();
  }
  report.set("save.postgres.ratio", medians[medians.length - 1] / medians[0]);
}

async function measureLoad(report: Report, config: BenchConfig, server: BenchServer, rows: Cell[][]): Promise<void> {
  const id = "long-conversation";
  const opened = await grow(server, id, config.loadEntries, config.entryChars);
  try {
    const loaded = await opened.store.load(id);
    if (loaded.history.length !== config.loadEntries) throw new Error(`PostgresStore loaded ${loaded.history.length} entries, not ${config.loadEntries}`);
    const load = summarise(await timeSeries(() => opened.store.load(id), { warmup: 2, reps: config.loadReps }));
    report.set("load.postgres.medianMs", load.medianMs);
    report.set("load.postgres.p99Ms", load.p99Ms);
    rows.push([`PostgresStore: load ${config.loadEntries.toLocaleString("en-US")} entries`, load.medianMs, load.p99Ms]);
  } finally {
    await opened.done();
  }
}

async function measureList(report: Report, config: BenchConfig, server: BenchServer, rows: Cell[][]): Promise<void> {
  const opened = await server.freshStore();
  const n = config.listConversations;
  const text = new TextSource(11);
  try {
    for (let first = 0; first < n; first += 32) {
      const batch: Promise<void>[] = [];
      for (let i = first; i < Math.min(n, first + 32); i++) {
        const id = `conversation-${i}`;
        const snapshot = { ...snapshotOf(id, `Conversation ${i}`, 2), updatedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() };
        batch.push(opened.store.write(id, entries(0, 2, text, config.entryChars), snapshot, { create: true }));
      }
      await Promise.all(batch);
    }
    const page = await opened.store.list({ limit: config.listPage });
    if (page[0]?.id !== `conversation-${n - 1}`) throw new Error("PostgresStore.list did not put the newest first");
    const list = summarise(await timeSeries(() => opened.store.list({ limit: config.listPage }), { warmup: 2, reps: config.listReps }));
    report.set("list.postgres.firstPage.medianMs", list.medianMs);
    report.set("list.postgres.firstPage.p99Ms", list.p99Ms);
    rows.push([`PostgresStore: list first ${config.listPage} of ${n.toLocaleString("en-US")}`, list.medianMs, list.p99Ms]);
  } finally {
    await opened.done();
  }
}

export async function runPostgres(report: Report, config: BenchConfig): Promise<void> {
  const section = report.section("PostgresStore on a loopback server", ["operation", "median ms", "p99 ms"]);
  const server = await benchServer();
  try {
    await measureSaves(report, config, server, section.rows);
    await measureLoad(report, config, server, section.rows);
    await measureList(report, config, server, section.rows);
  } finally {
    await server.stop();
  }
}
