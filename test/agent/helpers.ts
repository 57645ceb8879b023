/**
 * Shared helpers of the agent library tests: temporary folders, an SDK client pointed at
 * the scripted model server, an in-memory store that records every write (and can be told
 * to fail), and child processes whose stdout lines a test can wait for.
 */
import Anthropic from "@anthropic-ai/sdk";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { StateExistsError, Store, type EntryRecord, type Snapshot, type StepEvent, type StoredRecord, type WriteOptions } from "../../src/main/agent";
import { afterEach, beforeEach } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const MODEL = "claude-sonnet-4-6";
/** tsx's loader by absolute URL, so a child can run .ts files from any working folder. */
export const TSX_LOADER = pathToFileURL(join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs")).href;

export function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), "alpine-"));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A fresh scripted model server and temporary folder for each test, closed and removed after it. */
export function useModelServerAndTempDir(use: (server: ModelServer, dir: string) => void): void {
  let server: ModelServer | null = null;
  let dir: string | null = null;
  beforeEach(async () => {
    server = await startModelServer();
    dir = makeTempDir();
    use(server, dir);
  });
  afterEach(async () => {
    await server?.close();
    if (dir) removeDir(dir);
  });
}

export function clientFor(server: ModelServer | { url: string }, maxRetries = 0): Anthropic {
  return new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries });
}

/** Every step event of a run, and a way to wait for one. */
export class EventLog {
  readonly events: StepEvent[] = [];
  private waiters: { match: (e: StepEvent) => boolean; resolve: (e: StepEvent) => void }[] = [];
  readonly onEvent = (event: StepEvent) => {
    this.events.push(event);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(event)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  };
  next<T extends StepEvent["type"]>(type: T, match: (e: Extract<StepEvent, { type: T }>) => boolean = () => true): Promise<Extract<StepEvent, { type: T }>> {
    const found = this.events.find((e) => e.type === type && match(e as Extract<StepEvent, { type: T }>));
    if (found) return Promise.resolve(found as Extract<StepEvent, { type: T }>);
    return new Promise((resolve) =>
      this.waiters.push({ match: (e) => e.type === type && match(e as Extract<StepEvent, { type: T }>), resolve: resolve as (e: StepEvent) => void }),
    );
  }
  ofType<T extends StepEvent["type"]>(type: T): Extract<StepEvent, { type: T }>[] {
    return this.events.filter((e) => e.type === type) as Extract<StepEvent, { type: T }>[];
  }
}

export interface RecordedWrite {
  stateId: string;
  seqs: number[];
  kinds: string[];
  snapshot: Snapshot | null;
  create: boolean;
}

/**
 * A store in memory that follows the Store contract and records each write call.
 * `failWrites(n, error)` makes the next n writes throw before storing anything;
 * `failWhen(predicate)` fails the writes the predicate picks;
 * `tearNext()` stores the entries of the next write but not its snapshot, then throws;
 * `loseSnapshots = true` keeps entries but silently drops snapshots (a store that acknowledged
 * writes it lost, as a disk cache does in a power cut).
 */
export class RecordingStore extends Store {
  readonly writes: RecordedWrite[] = [];
  readonly failures: RecordedWrite[] = [];
  private records = new Map<string, { entries: EntryRecord[]; snapshot: Snapshot | null }>();
  private failing: { count: number; error: () => Error } = { count: 0, error: () => new Error("store down") };
  private predicate: ((write: RecordedWrite) => Error | null) | null = null;
  private tear = false;
  private landThenFail = false;
  loseSnapshots = false;

  failWrites(count: number, error: () => Error): void {
    this.failing = { count, error };
  }
  failWhen(predicate: ((write: RecordedWrite) => Error | null) | null): void {
    this.predicate = predicate;
  }
  tearNext(): void {
    this.tear = true;
  }
  /** The next write stores everything, then reports an error (its answer was lost). */
  landNextThenFail(): void {
    this.landThenFail = true;
  }

  override write(stateId: string, entries: EntryRecord[], snapshot: Snapshot | null, options: WriteOptions): void {
    const write: RecordedWrite = {
      stateId,
      seqs: entries.map((e) => e.seq),
      kinds: entries.map((e) => String(e.kind)),
      snapshot: snapshot ? structuredClone(snapshot) : null,
      create: options.create,
    };
    const injected = this.failing.count > 0 ? (this.failing.count--, this.failing.error()) : this.predicate?.(write) ?? null;
    if (injected) {
      this.failures.push(write);
      throw injected;
    }
    const existing = this.records.get(stateId);
    if (options.create && existing) throw new StateExistsError(stateId);
    const record = existing ?? { entries: [], snapshot: null };
    const have = record.entries.length;
    for (const entry of entries) if (entry.seq >= have && entry.seq === record.entries.length) record.entries.push(structuredClone(entry));
    this.records.set(stateId, record);
    if (this.tear) {
      this.tear = false;
      this.failures.push(write);
      throw new Error("store failed halfway");
    }
    if (snapshot && !this.loseSnapshots) record.snapshot = structuredClone(snapshot);
    this.writes.push(write);
    if (this.landThenFail) {
      this.landThenFail = false;
      throw new Error("connection lost after the commit");
    }
  }

  override read(stateId: string): StoredRecord | null {
    const record = this.records.get(stateId);
    return record ? structuredClone(record) : null;
  }

  stored(stateId: string): { entries: EntryRecord[]; snapshot: Snapshot | null } | undefined {
    return this.records.get(stateId);
  }
}

export interface Child {
  process: ChildProcess;
  lines: string[];
  stderr: () => string;
  /** Resolves with the first stdout line that matches (already printed ones count). */
  waitForLine(match: (line: string) => boolean, what?: string): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Start `node --import tsx <script>` with extra environment; collects its stdout lines. */
export function startChild(script: string, env: Record<string, string>, options: { cwd?: string; args?: string[] } = {}): Child {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, script, ...(options.args ?? [])], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let buffer = "";
  let stderr = "";
  const waiters: { match: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    process: child,
    lines,
    stderr: () => stderr,
    exited,
    waitForLine(match, what = "a line") {
      const found = lines.find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then(({ code, signal }) =>
          reject(new Error(`child exited (${code ?? signal}) before printing ${what}; stdout: ${lines.join(" | ")}; stderr: ${stderr}`)),
        );
      });
    },
  };
}

/** The error a promise rejects with; fails the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject, but it resolved");
}

/** A scripted model server, a temp folder, and runner children of one script, all cleaned up after the test. */
export interface RunnerChildren {
  server: ModelServer;
  dir: string;
  /** A child of the script running State `stateId` in `<dir>/runs`, marking tool runs in `<dir>/marker.txt`. */
  runner(stateId: string, extra?: Record<string, string>): Child;
}

export async function useRunnerChildren(script: string, { onTestFinished }: { onTestFinished(fn: () => Promise<void>): void }): Promise<RunnerChildren> {
  const server = await startModelServer();
  const dir = makeTempDir();
  const children: Child[] = [];
  onTestFinished(async () => {
    for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
    await Promise.all(children.map((c) => c.exited));
    await server.close();
    removeDir(dir);
  });
  const runner = (stateId: string, extra: Record<string, string> = {}): Child => {
    const child = startChild(script, {
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: server.url,
      RUNNER_STORE: join(dir, "runs"),
      RUNNER_STATE: stateId,
      RUNNER_MARKER: join(dir, "marker.txt"),
      ...extra,
    });
    children.push(child);
    return child;
  };
  return { server, dir, runner };
}
