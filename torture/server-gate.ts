/**
 * Runs on a shared PostgreSQL server take the gate shared; a run that restarts the server
 * takes it alone, so the restart hits only the run that expects it.
 */
export class ServerGate {
  private sharers = 0;
  private exclusive: Promise<void> | null = null;
  private drained: (() => void) | null = null;

  async shared<T>(work: () => Promise<T>): Promise<T> {
    while (this.exclusive) await this.exclusive;
    this.sharers++;
    try {
      return await work();
    } finally {
      if (--this.sharers === 0) this.drained?.();
    }
  }

  async alone<T>(work: () => Promise<T>): Promise<T> {
    while (this.exclusive) await this.exclusive;
    let release!: () => void;
    this.exclusive = new Promise<void>((resolve) => (release = resolve));
    try {
      if (this.sharers > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = null;
      return await work();
    } finally {
      const done = release;
      this.exclusive = null;
      done();
    }
  }
}
