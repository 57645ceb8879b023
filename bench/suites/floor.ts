/**
 * 2. The floor: one bare row insert of the very bytes our step save hands SqliteStore,
 * committed on its own, with SqliteStore's settings. Our save is reported as a multiple of it.
 */
import path from "node:path";
import { BareCommit, type SqliteSettings } from "../baselines/bare-commit";
import type { BenchConfig } from "../config";
import { sizeRange } from "../config";
import { sizeOnDisk, writtenBytes } from "../lib/io";
import type { Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { timeSeries } from "../lib/timing";

export async function runFloor(report: Report, config: BenchConfig, settings: SqliteSettings, payload: string, ours: string[]): Promise<void> {
  const measured = await withTempFolder(async (folder) => {
    const file = path.join(folder, "floor.db");
    const bare = new BareCommit(file, settings);
    try {
      for (let i = 0; i < config.saveWarmup; i++) bare.commit(payload);
      bare.checkpoint();
      const storedBefore = sizeOnDisk(file) + sizeOnDisk(`${file}-wal`);
      const writtenBefore = writtenBytes();
      const samples = await timeSeries(() => bare.commit(payload), { warmup: 0, reps: config.floorReps });
      const writtenAfter = writtenBytes();
      bare.checkpoint();
      const storedAfter = sizeOnDisk(file) + sizeOnDisk(`${file}-wal`);
      const written = writtenBefore === null || writtenAfter === null ? null : (writtenAfter - writtenBefore) / config.floorReps;
      return { ...summarise(samples), written, stored: (storedAfter - storedBefore) / config.floorReps };
    } finally {
      bare.close();
    }
  });
  report.set("floor.payloadBytes", Buffer.byteLength(payload));
  report.set("floor.medianMs", measured.medianMs);
  report.set("floor.p99Ms", measured.p99Ms);
  if (measured.written !== null) report.set("floor.writtenBytesPerStep", measured.written);
  report.set("floor.storedBytesPerStep", measured.stored);

  const { largest } = sizeRange(config);
  const section = report.section(
    `The floor: one bare row commit of the same ${Buffer.byteLength(payload).toLocaleString("en-US")} bytes (journal_mode=${settings.journalMode}, synchronous=${settings.synchronous})`,
    ["save", "median ms", "p99 ms", "written B/step", "x floor (median)"],
  );
  section.rows.push(["bare single-row commit", measured.medianMs, measured.p99Ms, measured.written === null ? null : Math.round(measured.written), 1]);
  for (const prefix of ours) {
    const key = `${prefix}.${largest}.medianMs`;
    if (!report.has(key)) continue;
    const multiple = report.set(`${prefix}.vsFloor`, report.get(key) / measured.medianMs);
    const written = report.figures[`${prefix}.${largest}.writtenBytesPerStep`];
    section.rows.push([`${prefix} at ${largest} entries`, report.get(key), report.get(`${prefix}.${largest}.p99Ms`), written === undefined ? null : Math.round(written), multiple]);
    const leases = report.figures[`${prefix}.${largest}.leasesPerStep`];
    if (leases !== undefined) {
      const writeMs = report.get(`${prefix}.${largest}.writeMsPerStep`);
      const leaseMs = report.get(`${prefix}.${largest}.leaseMsPerStep`);
      section.rows.push([`  of which: store.write (${report.get(`${prefix}.${largest}.writeCallsPerStep`)} per save)`, writeMs, null, null, writeMs / measured.medianMs]);
      section.rows.push([`  of which: taking and releasing a lease (${leases} per save)`, leaseMs, null, null, leaseMs / measured.medianMs]);
    }
  }
}
