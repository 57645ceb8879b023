/**
 * 2. The floor: one bare row insert of the very bytes our step save hands SqliteStore,
 * committed on its own, on a database with SqliteStore's settings. Measured in its own loop,
 * interleaved step by step with our save (through `Store.write` and through `agent.save`, on
 * a conversation of the largest history size) and nothing else, so all three see the same
 * disk: our save is reported as a multiple of it.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { BareCommit, type SqliteSettings } from "../baselines/bare-commit";
import type { BenchConfig } from "../config";
import { sizeRange } from "../config";
import { writtenBytes } from "../lib/io";
import type { Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeOnce } from "../lib/timing";
import { agentSaveSubject } from "../subjects/agent-subject";
import type { SaveSubject, SubjectFactory } from "../subjects/save-subject";
import { openSqlite } from "../subjects/store-handle";
import { storeWriteSubject } from "../subjects/store-subject";

interface Contender {
  label: string;
  key: string;
  step(i: number): unknown;
  samples: number[];
  written: number;
  subject?: SaveSubject;
  /** Per save: time inside store.write, and inside taking and releasing a lease. */
  writeSamples: number[];
  leaseSamples: number[];
}

export async function runFloor(report: Report, config: BenchConfig, settings: SqliteSettings): Promise<void> {
  const { largest } = sizeRange(config);
  const { saveWarmup: warmup, floorReps: reps } = config;
  const source = new TextSource(23);
  const texts = Array.from({ length: warmup + reps }, () => source.text(config.entryChars));
  const factories: [string, SubjectFactory][] = [
    ["save.sqlite.store", storeWriteSubject("sqlite", "SqliteStore", openSqlite)],
    ["save.sqlite.agent", agentSaveSubject("sqlite", "SqliteStore", openSqlite)],
  ];
  let payload = "";
  await withTempFolder(async (folder) => {
    const contenders: Contender[] = [];
    let bare: BareCommit | null = null;
    try {
      const count = Math.ceil((warmup + reps) / Math.max(1, Math.floor(largest / 10)));
      for (const [key, factory] of factories) {
        const own = path.join(folder, key);
        mkdirSync(own);
        const subject = factory.open(own);
        await subject.prepare(largest, count);
        contenders.push({ label: `${factory.label} via ${factory.level === "agent" ? "agent.save" : "Store.write"}`, key, subject, step: (i) => subject.step(i % count, texts[i]), samples: [], written: 0, writeSamples: [], leaseSamples: [] });
      }
      // The bytes of one real step save, taken from the Agent's own call to the store.
      await contenders[1].step(0);
      payload = contenders[1].subject!.lastPayload() ?? "";
      if (!payload) throw new Error("the agent's save handed the store nothing to measure the floor with");
      bare = new BareCommit(path.join(folder, "floor.db"), settings);
      const floor = bare;
      contenders.unshift({ label: "bare single-row commit", key: "floor", step: () => floor.commit(payload), samples: [], written: 0, writeSamples: [], leaseSamples: [] });

      for (let i = 1; i < warmup; i++) for (const c of contenders) await c.step(i);
      for (let i = warmup; i < warmup + reps; i++) {
        for (const c of contenders) {
          const times = c.subject?.storeTimes?.();
          times?.reset();
          const before = writtenBytes() ?? Number.NaN;
          c.samples.push(await timeOnce(() => c.step(i)));
          c.written += (writtenBytes() ?? Number.NaN) - before;
          if (times) {
            c.writeSamples.push(times.writeMs);
            c.leaseSamples.push(times.leaseMs + times.releaseMs);
          }
        }
      }
    } finally {
      bare?.close();
      for (const c of contenders) await c.subject?.close();
    }

    const section = report.section(
      `The floor: one bare row commit of the same ${Buffer.byteLength(payload).toLocaleString("en-US")} bytes (journal_mode=${settings.journalMode}, synchronous=${settings.synchronous}), our save at ${largest.toLocaleString("en-US")} entries`,
      ["save", "median ms", "p99 ms", "written B/save", "x floor (median)"],
    );
    report.set("floor.payloadBytes", Buffer.byteLength(payload));
    const floorMedian = summarise(contenders[0].samples).medianMs;
    for (const c of contenders) {
      const { medianMs, p99Ms } = summarise(c.samples);
      const written = c.written / reps;
      const prefix = c.key === "floor" ? "floor" : `${c.key}.floor`;
      report.set(`${prefix}.medianMs`, medianMs);
      report.set(`${prefix}.p99Ms`, p99Ms);
      if (Number.isFinite(written)) report.set(`${prefix}.writtenBytesPerSave`, written);
      const multiple = medianMs / floorMedian;
      if (c.key !== "floor") report.set(`${c.key}.vsFloor`, multiple);
      section.rows.push([c.label, medianMs, p99Ms, Number.isFinite(written) ? Math.round(written) : null, multiple]);
      const times = c.subject?.storeTimes?.();
      if (times && c.writeSamples.length > 0) {
        const write = summarise(c.writeSamples);
        const lease = summarise(c.leaseSamples);
        report.set(`${prefix}.writeMsPerSave`, write.medianMs);
        report.set(`${prefix}.leaseMsPerSave`, lease.medianMs);
        section.rows.push([`  of which: store.write (${times.writes} per save)`, write.medianMs, write.p99Ms, null, write.medianMs / floorMedian]);
        section.rows.push([`  of which: taking and releasing a lease (${times.leases} per save)`, lease.medianMs, lease.p99Ms, null, lease.medianMs / floorMedian]);
      }
    }
    section.notes.push(`${reps} timed saves each, the three interleaved one by one; of which: time per save inside the store's own calls.`);
  });
}
