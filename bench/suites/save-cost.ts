/**
 * 1. Save cost against history length. Each subject grows conversations to each history size,
 * then times single-message step saves: median and p99 per step, bytes passed to write() per
 * step, and bytes added on disk per step (after folding the WAL in). Conversations rotate so
 * none grows by more than a tenth while being timed: the 10-entry figure is about 10 entries.
 */
import type { BenchConfig } from "../config";
import { sizeRange } from "../config";
import { writtenBytes } from "../lib/io";
import type { Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeOnce } from "../lib/timing";
import type { SubjectFactory } from "../subjects/save-subject";

export interface SaveMeasurement {
  medianMs: number;
  p99Ms: number;
  writtenPerStep: number;
  storedPerStep: number;
  payload: string | null;
}

export async function measureSaves(factory: SubjectFactory, length: number, config: BenchConfig): Promise<SaveMeasurement> {
  const { saveWarmup: warmup, saveSteps: steps } = config;
  const count = Math.ceil((warmup + steps) / Math.max(1, Math.floor(length / 10)));
  const source = new TextSource(length);
  const texts = Array.from({ length: warmup + steps }, () => source.text(config.entryChars));
  return withTempFolder(async (folder) => {
    const subject = factory.open(folder);
    try {
      await subject.prepare(length, count);
      for (let i = 0; i < warmup; i++) await subject.step(i % count, texts[i]);
      const storedBefore = subject.storedBytes();
      const writtenBefore = writtenBytes();
      const samples: number[] = [];
      for (let i = warmup; i < warmup + steps; i++) samples.push(await timeOnce(() => subject.step(i % count, texts[i])));
      const writtenAfter = writtenBytes();
      const storedAfter = subject.storedBytes();
      const { medianMs, p99Ms } = summarise(samples);
      const written = writtenBefore === null || writtenAfter === null ? Number.NaN : (writtenAfter - writtenBefore) / steps;
      return { medianMs, p99Ms, writtenPerStep: written, storedPerStep: (storedAfter - storedBefore) / steps, payload: subject.lastPayload() };
    } finally {
      await subject.close();
    }
  });
}

/** Figure key prefix of one subject, e.g. `save.sqlite.agent`. */
export const savePrefix = (factory: SubjectFactory) => `save.${factory.key}.${factory.level}`;

export async function runSaveCost(report: Report, config: BenchConfig, factories: SubjectFactory[]): Promise<Map<string, string>> {
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
  const payloads = new Map<string, string>();
  for (const factory of factories) {
    const prefix = savePrefix(factory);
    for (const length of config.historySizes) {
      const m = await measureSaves(factory, length, config);
      report.set(`${prefix}.${length}.medianMs`, m.medianMs);
      report.set(`${prefix}.${length}.p99Ms`, m.p99Ms);
      if (Number.isFinite(m.writtenPerStep)) report.set(`${prefix}.${length}.writtenBytesPerStep`, m.writtenPerStep);
      report.set(`${prefix}.${length}.storedBytesPerStep`, m.storedPerStep);
      if (m.payload && length === largest) payloads.set(prefix, m.payload);
      section.rows.push([
        factory.label,
        factory.level,
        length,
        m.medianMs,
        m.p99Ms,
        Number.isFinite(m.writtenPerStep) ? Math.round(m.writtenPerStep) : null,
        Math.round(m.storedPerStep),
      ]);
    }
    report.set(`${prefix}.ratio`, report.get(`${prefix}.${largest}.medianMs`) / report.get(`${prefix}.${smallest}.medianMs`));
  }
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
  return payloads;
}
