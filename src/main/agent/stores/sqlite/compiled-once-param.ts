/**
 * A statement's parameter whose value the query planner does not read, so the statement is
 * compiled once. SQLite compiles a statement again at its next run whenever a parameter changes
 * that its plan might depend on: one compared to an indexed column when SQLite is built with
 * SQLITE_ENABLE_STAT4, as better-sqlite3 is (https://www.sqlite.org/c3ref/prepare.html: "the
 * statement will be automatically recompiled"), and a LIMIT or OFFSET. In SqliteStore that was every
 * read with an ORDER BY, a join or a LIMIT, called with other values each time: compiled again at
 * each call (about 20 µs for a conversation's head, 130 µs for a page of the list), and better-sqlite3
 * builds a new row maker with it. A scalar subquery's value is not known when the statement is
 * compiled, so no plan depends on it: same plan, compiled once.
 */
export function compiledOnceParam(name?: string): string {
  return `(SELECT ${name === undefined ? "?" : `:${name}`})`;
}
