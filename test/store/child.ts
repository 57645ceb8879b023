/**
 * A child process running a TypeScript script (`node --import tsx`), read line by line.
 * Tests wait for the lines it prints; every child is killed (by pid) after each test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { afterEach } from "vitest";

const running = new Set<Child>();

afterEach(async () => {
  for (const child of [...running]) await child.stop();
});

export class Child {
  readonly lines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly process: ChildProcess;
  private stderr = "";
  private waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  private hasExited = false;

  constructor(script: string, args: string[]) {
    this.process = spawn(process.execPath, ["--import", "tsx", script, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    running.add(this);
    let pending = "";
    this.process.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      let newline: number;
      while ((newline = pending.indexOf("\n")) >= 0) {
        this.onLine(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
      }
    });
    this.process.stderr!.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => {
      this.process.on("exit", (code, signal) => {
        this.hasExited = true;
        running.delete(this);
        resolve({ code, signal });
      });
    });
  }

  get pid(): number {
    return this.process.pid!;
  }

  private onLine(line: string): void {
    this.lines.push(line);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(line)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  }

  /** The first line (already printed or still to come) that matches; fails if the child exits first. */
  waitFor(match: (line: string) => boolean, what: string): Promise<string> {
    const seen = this.lines.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      this.waiters.push({ match, resolve });
      void this.exited.then(({ code, signal }) => {
        // Lines still in the pipe arrive before 'close'; give them one turn.
        setImmediate(() =>
          reject(new Error(`child exited (code ${code}, signal ${signal}) before printing ${what}; stderr:\n${this.stderr}`)),
        );
      });
    });
  }

  send(line: string): void {
    this.process.stdin!.write(`${line}\n`);
  }

  /** Kill with SIGKILL and wait until it is gone (reaped, so its pid is dead). */
  async kill(): Promise<void> {
    if (!this.hasExited) this.process.kill("SIGKILL");
    await this.exited;
  }

  async stop(): Promise<void> {
    await this.kill();
  }

  get errors(): string {
    return this.stderr;
  }
}
