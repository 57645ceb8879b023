/**
 * Verifies the rows a read gets against the checksums written with them (schema version 6),
 * and explains a failed lookup: a conversation that seems missing while the database holds
 * damaged rows is reported as damaged, never as "not saved".
 */
import { DamagedConversationError } from "../../errors";
import { type ConversationRow, DAMAGED_ROW, isDamagedRow } from "./conversation-row";
import type { EntryRow, PreparedStatements } from "./prepared-statements";
import { entryChecksum, snapshotChecksum } from "./row-checksum";
import type { EntryRecord } from "../../state/history";
import { entryFromRow } from "./entry-row";

/** Parses a stored JSON body, or throws StoreCorruptError naming the State and what was read. */
export type ParseStored = <T>(json: string, stateId: string, what: string) => T;

interface TableScan {
  /** Every id the table holds, read past its index. */
  ids: Set<string>;
  /** How many rows fail their checksum. */
  damaged: number;
  /** PRAGMA data_version when scanned: another connection's commit changes it. */
  version: number;
}

export class RowChecks {
  /** The table read once past its index, on the first failed lookup; dropped by delete(). */
  private scan: TableScan | null = null;

  constructor(
    private readonly file: string,
    private readonly sql: PreparedStatements,
    private readonly dataVersion: () => number,
  ) {}

  damaged(stateId: string, what: string, cause?: unknown): DamagedConversationError {
    return new DamagedConversationError(this.file, stateId, what, cause === undefined ? undefined : { cause });
  }

  /** The State's conversation row, checked; undefined when it truly is not saved. */
  conversation(stateId: string): ConversationRow | undefined {
    const row = this.sql.selectInfo.get(stateId);
    if (row === undefined) {
      this.explainMissing(stateId);
      return undefined;
    }
    if (isDamagedRow(row)) throw this.damaged(stateId, DAMAGED_ROW);
    return row;
  }

  /**
   * The entries the rows hold, every row checked against its checksum first. (Two passes,
   * checks then parses, measured faster than one that does both per row: V8's young
   * generation sees the checks' short-lived strings apart from the entries that stay.)
   */
  entries(stateId: string, num: number, rows: EntryRow[], parse: ParseStored): EntryRecord[] {
    for (const row of rows) {
      if (entryChecksum(num, row[0], row[1], row[2]) !== row[3]) throw this.damaged(stateId, `its history entry ${row[0]} does not match its checksum`);
    }
    return rows.map((row) => entryFromRow(row[0], row[1], parse<Record<string, unknown>>(row[2], stateId, `entry ${row[0]}`)));
  }

  /** The snapshot row is there (every saved State has one) and matches its checksum. */
  snapshot(stateId: string, row: { body: string; checksum: number } | undefined): string {
    if (row === undefined) throw this.damaged(stateId, "its snapshot row is missing");
    if (snapshotChecksum(stateId, row.body) !== row.checksum) throw this.damaged(stateId, "its snapshot does not match its checksum");
    return row.body;
  }

  /** A snapshot read with the head (the row may be absent: null). */
  headSnapshot(stateId: string, body: string | null, checksum: number | null): string | null {
    if (body === null) throw this.damaged(stateId, "its snapshot row is missing");
    return this.snapshot(stateId, { body, checksum: checksum ?? Number.NaN });
  }

  /** A removed conversation: the next failed lookup reads the table again. */
  forget(): void {
    this.scan = null;
  }

  /**
   * The lookup by id found nothing. If the table itself has the id, its index is damaged; if
   * any row fails its checksum, the id may be that row's garbled one. Either way: damaged.
   */
  private explainMissing(stateId: string): void {
    if (this.scan === null || this.scan.version !== this.dataVersion()) this.scan = this.scanTable();
    if (this.scan.ids.has(stateId)) throw this.damaged(stateId, "the database's index of conversations no longer finds its row");
    if (this.scan.damaged > 0) {
      throw this.damaged(
        stateId,
        `it is not found, and ${this.scan.damaged} conversation row(s) of this database fail their checksum: it may be one of them`,
      );
    }
  }

  private scanTable(): TableScan {
    const scan: TableScan = { ids: new Set(), damaged: 0, version: this.dataVersion() };
    for (const row of this.sql.scanConversations.iterate()) {
      scan.ids.add(row.id);
      if (isDamagedRow(row)) scan.damaged++;
    }
    return scan;
  }
}
