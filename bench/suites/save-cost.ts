/**
 * 1. Save cost against history length. Every subject (each store, through `Store.write` and
 * through `agent.save`, and the naive baseline) holds conversations grown to each history
 * size, and their step saves are interleaved: one step of every subject and size in turn, so
 * a busy moment of the machine falls on all of them alike and the ratios stay fair.
 * Per step: time (median, p99), bytes passed to write() (WAL, checkpoints, temp files: all of
 * it), and bytes added on disk (after folding the WAL in). Conversations rotate so none grows
 * by more than a tenth while timed: the 10-entry figure is about 10 entries.
 */
import type { BenchConfig } from "../config";
import { sizeRange } from "../config";
import { writtenBytes } from "../lib/io";
import type { Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeOnce } from "../lib/timing";
import type { SaveSubject, SubjectFactory } from "../subjects/save-subject";
import { mkdirSync } from "node:fs";
import path from "node:path";

/** Figure key prefix of one subject, e.g. `save.sqlite.agent`. */
export const savePrefix = (factory: SubjectFactory) => `save.${factory.key}.${factory.level}`;

interface Run {
  factory: SubjectFactory;
  length: number;
  subject: SaveSubject;
  /** Conversations the steps rotate over. */
  count: number;
  samples: number[];
  written: number;
  storedBefore: number;
}

export async function runSaveCost(report: Report, config: BenchConfig, factories: SubjectFactory[]): Promise<void> {
  const { saveWarmup: warmup, saveSteps: steps } = config;
  const source = new TextSource(17);
  const texts = Array.from({ length: warmup + steps }, () => source.text(config.entryChars));
  await withTempFolder(async (folder) => {
    const runs: Run[] = [];
    try {
      for (const factory of factories) {
        for (const length of config.historySizes) {
          const own = path.join(folder, `${factory.key}-${factory.level}-${length}`);
          mkdirSync(own);
          const count = Math.ceil((warmup + steps) / Math.max(1, Math.floor(length / 10)));
          const subject = factory.open(own);
          runs.push({ factory, length, subject, count, samples: [], written: 0, storedBefore: 0 });
          await subject.prepare(length, count);
        }
      }
      for (let i = 0; i < warmup; i++) for (const run of runs) await run.subject.step(i % run.count, texts[i]);
      for (const run of runs) {
        run.storedBefore = run.subject.storedBytes();
        run.subject.storeTimes?.().reset();
      }
      for (let i = warmup; i < warmup + steps; i++) {
        for (const run of runs) {
          const before = writtenBytes() ?? Number.NaN;
          run.samples.push(await timeOnce(() => run.subject.step(i % run.count, texts[i])));
          run.written += (writtenBytes() ?? Number.NaN) - before;
        }
      }
      for (const run of runs) {
        const prefix = `${savePrefix(run.factory)}.${run.length}`;
        const { medianMs, p99Ms } = summarise(run.samples);
        report.set(`${prefix}.medianMs`, medianMs);
        report.set(`${prefix}.p99Ms`, p99Ms);
        if (Number.isFinite(run.written)) report.set(`${prefix}.writtenBytesPerStep`, run.written / steps);
        report.set(`${prefix}.storedBytesPerStep`, (run.subject.storedBytes() - run.storedBefore) / steps);
        const times = run.subject.storeTimes?.();
        if (times) {
          report.set(`${prefix}.writeCallsPerStep`, times.writes / steps);
          report.set(`${prefix}.writeMsPerStep`, times.writeMs / steps);
          report.set(`${prefix}.leasesPerStep`, times.leases / steps);
          report.set(`${prefix}.leaseMsPerStep`, (times.leaseMs + times.releaseMs) / steps);
        }
      }
    } finally {
      for (const run of runs) await run.subject.close();
    }
  });
  printSaveCost(report, config, factories);
}

function printSaveCost(report: Report, config: BenchConfig, factories: SubjectFactory[]): void {
  const { smallest, largest } = sizeRange(config);
  const section = report.section("Save cost per step against history length", [
    "store",
    "through",
    "entries",
    "median ms",
    "p99 ms",
    "written B/step",
    "stored B/step",
  ]);
  for (const factory of factories) {
    const prefix = savePrefix(factory);
    for (const length of config.historySizes) {
      const key = `${prefix}.${length}`;
      const written = report.figures[`${key}.writtenBytesPerStep`];
      section.rows.push([
        factory.label,
        factory.level,
        length,
        report.get(`${key}.medianMs`),
        report.get(`${key}.p99Ms`),
        written === undefined ? null : Math.round(written),
        Math.round(report.get(`${key}.storedBytesPerStep`)),
      ]);
    }
    report.set(`${prefix}.ratio`, report.get(`${prefix}.${largest}.medianMs`) / report.get(`${prefix}.${smallest}.medianMs`));
  }
  section.notes.push(`${config.saveSteps} timed steps per row after ${config.saveWarmup} untimed ones, all rows interleaved step by step.`);
  section.notes.push("written: bytes the process passed to write() per step (kernel count, all threads); stored: growth of the files on disk per step, WAL folded in.");

  const ratios = report.section(`Flatness and baseline (${largest.toLocaleString("en-US")} vs ${smallest} entries)`, [
    "store",
    "through",
    `median ${largest}/${smallest}`,
    `written ${largest}/${smallest}`,
    `vs baseline at ${largest}`,
  ]);
  const baseline = `save.naive.doc.${largest}.medianMs`;
  for (const factory of factories) {
    const prefix = savePrefix(factory);
    const written = (size: number) => report.figures[`${prefix}.${size}.writtenBytesPerStep`];
    const writtenRatio = written(largest) !== undefined && written(smallest) ? written(largest) / written(smallest) : null;
    let vsBaseline: number | null = null;
    if (factory.key !== "naive" && report.has(baseline)) {
      vsBaseline = report.set(`${prefix}.vsBaseline`, report.get(`${prefix}.${largest}.medianMs`) / report.get(baseline));
    }
    ratios.rows.push([factory.label, factory.level, report.get(`${prefix}.ratio`), writtenRatio, vsBaseline]);
  }
  ratios.notes.push("vs baseline: our median step save divided by the naive whole-document rewrite's, at the largest size (below 1 is faster).");
}
