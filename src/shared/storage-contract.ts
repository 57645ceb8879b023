/** The storage channels of the IPC contract: where conversations are kept, and moving them. */
import { z } from "zod";
import type { MoveReport, RemoveSourceReport, StorageView } from "./storage-types";

const direction = z.enum(["to-server", "to-computer"]);

/** Each channel's schema maker: ipc-contract.ts makes a schema at its channel's first call (lazy-schemas.ts). */
export const storageRequestSchemaMakers = {
  "storage:get": () => z.object({}).strict(),
  /**
   * Use the PostgreSQL server (tested first: a failure leaves everything as it was). The password
   * goes to main only, stored encrypted; omitted, the stored one is kept.
   */
  "storage:usePostgres": () => z
    .object({
      url: z.string().trim().min(1).max(2_000),
      password: z.string().max(1_000).optional(),
      tls: z.enum(["disable", "require", "verify-full"]),
      caFile: z.string().max(4_096).nullable().optional(),
    })
    .strict(),
  /** Keep conversations on this computer again (the server's stay where they are). */
  "storage:useLocal": () => z.object({}).strict(),
  /** Copy every conversation across and verify it; progress comes as `storage_move` events. The source is left as it was. */
  "storage:move": () => z.object({ direction }).strict(),
  /** Remove from the source the conversations a move copied: each only if the other side holds the same copy. */
  "storage:removeSource": () => z.object({ direction }).strict(),
} as const;

export interface StorageRequestResults {
  "storage:get": StorageView;
  "storage:usePostgres": StorageView;
  "storage:useLocal": StorageView;
  "storage:move": MoveReport;
  "storage:removeSource": RemoveSourceReport;
}
