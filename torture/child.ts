/**
 * The parent's side of a torture child: start the worker (see worker-launch.ts) with a job, follow its
 * stdout messages, signal it by pid, and learn how it ended.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { type ChildEntry, REPO_ROOT, childArgs } from "./worker-launch";
import { parseWorkerLine, type WorkerJob, type WorkerMessage } from "./worker-protocol";

export interface ChildEnd<Message = WorkerMessage> {
  code: number | null;
  signal: NodeJS.Signals | null;
  messages: Message[];
  stderr: string;
  /** The signal this parent sent while the child was still running, if any. */
  sent: NodeJS.Signals | null;
}

export interface WorkerChild<Message = WorkerMessage> {
  readonly pid: number;
  readonly messages: Message[];
  /** Resolves true at the first message (already received or to come) that matches, false if the child ends first. */
  waitFor(match: (message: Message) => boolean): Promise<boolean>;
  /** Writes a line to the child's stdin. */
  send(line: string): void;
  /** Sends `signal` if the child still runs; true when it was sent. */
  signal(signal: NodeJS.Signals): boolean;
  readonly ended: Promise<ChildEnd<Message>>;
}

export function startWorker(job: WorkerJob, onMessage: (message: WorkerMessage, child: WorkerChild) => void = () => {}): WorkerChild {
  return startTortureChild<WorkerMessage>("worker", job, onMessage);
}

/** Starts one of the campaign's children with its job (one JSON argument); its stdout lines are JSON messages with a `type`. */
export function startTortureChild<Message extends { type: string }>(
  entry: ChildEntry,
  job: unknown,
  onMessage: (message: Message, child: WorkerChild<Message>) => void = () => {},
): WorkerChild<Message> {
  const child: ChildProcess = spawn(process.execPath, [...childArgs(entry), JSON.stringify(job)], {
    cwd: REPO_ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const messages: Message[] = [];
  let stderr = "";
  let sent: NodeJS.Signals | null = null;
  let exited = false;
  let pending = "";
  const waiters = new Set<{ match: (message: Message) => boolean; resolve: (found: boolean) => void }>();
  const parse = (line: string) => parseWorkerLine(line) as Message | null;

  const handle: WorkerChild<Message> = {
    pid: child.pid ?? -1,
    messages,
    waitFor(match) {
      if (messages.some(match)) return Promise.resolve(true);
      if (exited) return Promise.resolve(false);
      return new Promise((resolve) => waiters.add({ match, resolve }));
    },
    send(line) {
      if (!exited) child.stdin!.write(`${line}\n`);
    },
    signal(signal) {
      if (exited || child.exitCode !== null || child.signalCode !== null || sent) return false;
      try {
        process.kill(child.pid!, signal);
      } catch {
        return false; // it ended a moment ago
      }
      sent = signal;
      return true;
    },
    ended: new Promise<ChildEnd<Message>>((resolve) => {
      child.once("close", (code, signal) => {
        exited = true;
        if (pending.trim()) {
          const last = parse(pending);
          if (last) messages.push(last);
        }
        for (const waiter of waiters) waiter.resolve(false);
        waiters.clear();
        resolve({ code, signal, messages, stderr, sent });
      });
    }),
  };
  child.once("exit", () => (exited = true));
  child.stdin!.on("error", () => {}); // a child that ended no longer reads: nothing to tell it
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const message = parse(line);
      if (!message) continue;
      messages.push(message);
      onMessage(message, handle);
      for (const waiter of [...waiters]) {
        if (!waiter.match(message)) continue;
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  });
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    if (stderr.length < 20_000) stderr += chunk;
  });
  return handle;
}
