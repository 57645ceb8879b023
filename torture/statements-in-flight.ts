/**
 * After a worker on PostgresStore is killed, the statement it had sent may still be running on the
 * server and commit there a moment later: a save is one statement, and the server finishes it
 * before it notices that its client is gone. A check that reads at once can see the history
 * before that save and load it after (seen: a call read as running, then loaded with its result).
 * So the check first waits for every statement that was running on the run's schema when the
 * worker was seen dead to end (committed or rolled back), and reads what the server keeps.
 */
import pg from "pg";
import { PG_URL_VARIABLE } from "./stores";

const POLL_MS = 20;

export async function waitForStatementsInFlight(schema: string, timeoutMs = 10_000): Promise<void> {
  const url = process.env[PG_URL_VARIABLE];
  if (!url) throw new Error(`${PG_URL_VARIABLE} is not set: the campaign names the PostgreSQL server the runs use`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Each statement by its backend and its start: a backend that has gone on to its next statement is done with this one.
    const running = await client.query<{ pid: number; started: string }>(
      `SELECT pid, query_start::text AS started FROM pg_stat_activity
       WHERE pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction') AND position($1 IN query) > 0`,
      [schema],
    );
    if (running.rows.length === 0) return;
    const pids = running.rows.map((r) => r.pid);
    const starts = running.rows.map((r) => r.started);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const still = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity a JOIN unnest($1::int[], $2::text[]) AS r(pid, started)
         ON a.pid = r.pid AND a.query_start::text = r.started WHERE a.state IN ('active', 'idle in transaction')`,
        [pids, starts],
      );
      if (still.rows[0].n === 0) return;
      if (Date.now() > deadline) throw new Error(`${still.rows[0].n} statement(s) on schema ${schema} were still running ${timeoutMs} ms after the worker was killed`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await client.end();
  }
}
