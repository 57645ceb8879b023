/**
 * Branches (docs/branches.md) of one long conversation, on each store:
 * - creating a branch (an edit: the fork and one new message, saved) at points spread over
 *   the history, against an ordinary save of one new message on the same conversation;
 * - the bytes a branch adds, for a fork near the start and one near the end (only its own
 *   entries and its snapshot: the same either way);
 * - loading branches forked anywhere, and a branch of a branch;
 * - search: a word only in one branch's own entry is found in that branch (SqliteStore by its
 *   index, FileStore by reading each branch's own entries).
 */
import type { BenchConfig } from "../config";
import { entries, snapshotOf } from "../lib/conversation";
import type { Cell, Report } from "../lib/report";
import { summarise } from "../lib/stats";
import { withTempFolder } from "../lib/temp";
import { TextSource } from "../lib/text";
import { timeOnce } from "../lib/timing";
import Database from "better-sqlite3";
import { checkpointSqlite, openFiles, openSqlite, type StoreHandle, type StoreOpener } from "../subjects/store-handle";
import { branchState } from "../../src/main/agent/state/branch";
import { saveState } from "../../src/main/agent/state/saver";
import type { State } from "../../src/main/agent/state/state";

const openers: StoreOpener[] = [openSqlite, openFiles];
const ROOT = "long-conversation";
const BRANCH_WORD = "marzipan";

/** Fork points spread evenly over the history (user messages: even seqs). */
function forkPoints(length: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.max(0, Math.floor(((i + 0.5) * (length - 1)) / count) & ~1));
}

async function seed(handle: StoreHandle, config: BenchConfig): Promise<State> {
  const n = config.loadEntries;
  await handle.store.write(ROOT, entries(0, n, new TextSource(5), config.entryChars), snapshotOf(ROOT, "A long conversation", n), { create: true });
  return handle.store.load(ROOT);
}

/** An ordinary save of one message and a branch created with one message, interleaved so both meet the same machine. */
async function measureCreate(handle: StoreHandle, config: BenchConfig, root: State, text: TextSource) {
  const reps = config.loadReps * 2;
  const warmup = 2;
  const points = forkPoints(config.loadEntries, reps + warmup);
  const saves: number[] = [];
  const creates: number[] = [];
  for (let i = 0; i < reps + warmup; i++) {
    root.addUserMessage(text.text(config.entryChars));
    const saveMs = await timeOnce(() => saveState(root, handle.store));
    const message = text.text(config.entryChars);
    const createMs = await timeOnce(() => saveState(branchState(root, points[i], { message }), handle.store));
    if (i < warmup) continue;
    saves.push(saveMs);
    creates.push(createMs);
  }
  return { save: summarise(saves), create: summarise(creates) };
}

/** Bytes in use: SQLite's pages less its free ones (the file itself grows in steps), or the files on disk. */
function usedBytes(handle: StoreHandle): number {
  if (!handle.file) return handle.storedBytes();
  checkpointSqlite(handle.file);
  const db = new Database(handle.file, { readonly: true });
  try {
    const pages = Number(db.pragma("page_count", { simple: true })) - Number(db.pragma("freelist_count", { simple: true }));
    return pages * Number(db.pragma("page_size", { simple: true }));
  } finally {
    db.close();
  }
}

/** Bytes the store grows by for `count` branches forked at `seq`, per branch. */
async function bytesPerBranch(handle: StoreHandle, root: State, seq: number, count: number, text: TextSource, chars: number): Promise<number> {
  const before = usedBytes(handle);
  for (let i = 0; i < count; i++) await saveState(branchState(root, seq, { message: text.text(chars) }), handle.store);
  return (usedBytes(handle) - before) / count;
}

async function measureLoad(handle: StoreHandle, config: BenchConfig, root: State, text: TextSource) {
  const ids: string[] = [];
  for (const seq of forkPoints(config.loadEntries, 4)) {
    const branch = branchState(root, seq, { message: `${text.text(config.entryChars)} ${BRANCH_WORD}${ids.length}` });
    await saveState(branch, handle.store);
    ids.push(branch.id);
  }
  // A branch of a branch, forked after its parent's own entry.
  const parent = await handle.store.load(ids[ids.length - 1]);
  const nested = branchState(parent, parent.history.length - 1, { message: text.text(config.entryChars) });
  await saveState(nested, handle.store);
  ids.push(nested.id);
  // Interleaved with loads of the conversation itself, so both meet the same machine.
  const reps = Math.max(config.loadReps, ids.length) * 2;
  const branchSamples: number[] = [];
  const rootSamples: number[] = [];
  for (let i = 0; i < reps + ids.length; i++) {
    const branchMs = await timeOnce(() => handle.store.load(ids[i % ids.length]));
    const rootMs = await timeOnce(() => handle.store.load(ROOT));
    if (i < ids.length) continue; // warm-up
    branchSamples.push(branchMs);
    rootSamples.push(rootMs);
  }
  return { ids, load: summarise(branchSamples), root: summarise(rootSamples) };
}

async function measureOne(report: Report, config: BenchConfig, open: StoreOpener, rows: Cell[][]): Promise<void> {
  await withTempFolder(async (folder) => {
    const handle = open(folder);
    try {
      const text = new TextSource(17);
      const root = await seed(handle, config);
      const n = config.loadEntries.toLocaleString("en-US");
      const { save, create } = await measureCreate(handle, config, root, text);
      const ratio = create.medianMs / save.medianMs;
      report.set(`branches.${handle.key}.saveMedianMs`, save.medianMs);
      report.set(`branches.${handle.key}.createMedianMs`, create.medianMs);
      report.set(`branches.${handle.key}.createVsSave`, ratio);
      rows.push([`${handle.label}: ordinary save of a message (${n} entries)`, save.medianMs, save.p99Ms, ""]);
      rows.push([`${handle.label}: create a branch with a message, anywhere`, create.medianMs, create.p99Ms, `${ratio.toFixed(2)}x the save`]);

      const count = config.mode === "quick" ? 10 : 50;
      const early = await bytesPerBranch(handle, root, 2, count, text, config.entryChars);
      const late = await bytesPerBranch(handle, root, (config.loadEntries - 2) & ~1, count, text, config.entryChars);
      report.set(`branches.${handle.key}.bytesPerBranchEarly`, early);
      report.set(`branches.${handle.key}.bytesPerBranchLate`, late);
      rows.push([`${handle.label}: bytes per branch forked at seq 2 / at seq ${config.loadEntries - 2}`, "", "", `${Math.round(early)} / ${Math.round(late)} B`]);

      const { ids, load, root: rootLoad } = await measureLoad(handle, config, root, text);
      report.set(`branches.${handle.key}.loadMedianMs`, load.medianMs);
      report.set(`branches.${handle.key}.loadP99Ms`, load.p99Ms);
      report.set(`branches.${handle.key}.rootLoadMedianMs`, rootLoad.medianMs);
      rows.push([`${handle.label}: load a branch of ${n} entries (${ids.length} branches, one nested)`, load.medianMs, load.p99Ms, `${(load.medianMs / rootLoad.medianMs).toFixed(2)}x the conversation`]);
      rows.push([`${handle.label}: load the conversation itself, interleaved`, rootLoad.medianMs, rootLoad.p99Ms, ""]);

      // Every store searches (a store without an index reads its branches' own entries).
      {
        let found: { id: string }[] = [];
        const ms = await timeOnce(async () => (found = await handle.store.search(`${BRANCH_WORD}2`)));
        if (found.length !== 1 || found[0].id !== ids[2]) throw new Error(`${handle.label}.search did not find the word in its branch (got ${JSON.stringify(found.map((r) => r.id))})`);
        report.set(`branches.${handle.key}.searchMs`, ms);
        rows.push([`${handle.label}: search a word only in one branch (found in it)`, ms, "", ""]);
      }
    } finally {
      await handle.close();
    }
  });
}

export async function runBranches(report: Report, config: BenchConfig): Promise<void> {
  const section = report.section("Branches of one long conversation", ["operation", "median ms", "p99 ms", "note"]);
  for (const open of openers) await measureOne(report, config, open, section.rows);
  section.notes.push("A branch stores its fork point, its snapshot and its own entries: the bytes per branch do not depend on where it forks.");
}
