/**
 * The last lines a server wrote to stderr (200 by default): shown in settings and in the
 * message of a server that failed to start.
 */
export const STDERR_LINES = 200;
const MAX_LINE = 2_000;

export class StderrLog {
  private readonly lines: string[] = [];
  private partial = "";

  constructor(private readonly limit = STDERR_LINES) {}

  write(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    if (this.partial.length > MAX_LINE) {
      parts.push(this.partial);
      this.partial = "";
    }
    for (const line of parts) this.push(line);
  }

  /** A note of the app's own (e.g. "exited with code 1"), kept among the server's lines. */
  note(line: string): void {
    this.flush();
    this.push(`[alpine] ${line}`);
  }

  /** The last `count` lines (all kept lines by default). */
  tail(count = this.limit): string[] {
    const all = this.partial ? [...this.lines, this.partial] : [...this.lines];
    return all.slice(-count);
  }

  private flush(): void {
    if (this.partial) this.push(this.partial);
    this.partial = "";
  }

  private push(line: string): void {
    this.lines.push(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line);
    if (this.lines.length > this.limit) this.lines.splice(0, this.lines.length - this.limit);
  }
}
