/** Where the conversations are kept, as the window sees it (never a password). */

/** "disable": no TLS; "require": encrypted, the server's certificate not checked; "verify-full": encrypted, certificate and host name checked. */
export type StorageTls = "disable" | "require" | "verify-full";

export interface ServerSettingsView {
  /** The connection string without its password, e.g. postgres://alpine@db.example:5432/alpine. */
  url: string;
  tls: StorageTls;
  /** The certificate authority file to check the server's certificate with; null: the system's. */
  caFile: string | null;
  /** A password is stored (encrypted, like the API key); it is never sent to the window. */
  hasPassword: boolean;
}

export interface StorageStatus {
  /** false while the server cannot be used: the window shows a banner with `message`. */
  reachable: boolean;
  message: string | null;
  /**
   * Why it cannot be used: "unreachable" (the network, the server down) or "password" (none is
   * stored on this computer, or it could not be read: the banner leads to Settings → Storage).
   * Absent while it is used.
   */
  problem?: "unreachable" | "password";
  /** The driver's own words, shown only under "Details". */
  details?: string;
}

export interface StorageView {
  /** "local": this computer (SQLite, the default); "postgres": the PostgreSQL server. */
  kind: "local" | "postgres";
  /** The server last set up, kept while this computer is in use (to move conversations back and forth). */
  server: ServerSettingsView | null;
  /** `host:port/database` of the server, without credentials. */
  serverName: string | null;
  status: StorageStatus;
}

/** "to-server": this computer's conversations go to the server; "to-computer": the server's come here. */
export type MoveDirection = "to-server" | "to-computer";

export interface MoveProgress {
  direction: MoveDirection;
  /** Conversations (States, with every branch) handled so far, of `total`. */
  done: number;
  total: number;
  /** Copied now and verified. */
  moved: number;
  /** Already there and verified (a move that was interrupted, or run again). */
  skipped: number;
  finished: boolean;
}

export interface MoveReport extends MoveProgress {
  /** Conversations that could not be moved or did not verify, with why. The others were moved. */
  failed: { id: string; title: string; reason: string }[];
}

export interface RemoveSourceReport {
  /** Removed from the source, each found verified on the other side first. */
  removed: number;
  /** Kept, because the other side does not have the same copy. */
  kept: number;
}
