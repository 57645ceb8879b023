/**
 * Where the conversations are kept, in a small versioned file of the data folder
 * (storage.json): this computer or a PostgreSQL server, and that server's settings
 * (never its password). A missing or garbled file means this computer; a newer one is read
 * as far as it can be and never rewritten.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../../agent";
import { NewerFileVersionError } from "../service-errors";
import { readVersionedJson } from "../versioned-json";
import type { ServerSettings } from "./server-settings";

export const STORAGE_FILE_NAME = "storage.json";
export const STORAGE_FILE_VERSION = 1;

export interface StorageChoice {
  kind: "local" | "postgres";
  server: ServerSettings | null;
}

const fileSchema = z.object({
  version: z.number().int().min(1),
  kind: z.enum(["local", "postgres"]),
  server: z.object({ url: z.string(), tls: z.enum(["disable", "require", "verify-full"]), caFile: z.string().nullable() }).nullable(),
});

export class StorageFile {
  readonly file: string;
  private current: StorageChoice = { kind: "local", server: null };
  private newerVersion: number | null = null;

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, STORAGE_FILE_NAME);
    // Missing, unreadable or garbled: this computer (a garbled file is rewritten at the next change).
    // A newer Alpine's file: read as far as this version can, never rewritten.
    const read = readVersionedJson(this.file, { version: STORAGE_FILE_VERSION, schema: fileSchema, what: "storage file", unreadable: "garbled" });
    if (read.status === "newer") this.newerVersion = read.version;
    const known = read.status === "current" ? read.value : read.status === "newer" ? read.known : null;
    if (known) this.current = { kind: known.kind, server: known.server };
  }

  get(): StorageChoice {
    return { ...this.current };
  }

  set(choice: StorageChoice): void {
    if (this.newerVersion !== null) throw new NewerFileVersionError("storage", this.file, this.newerVersion, STORAGE_FILE_VERSION);
    writeFileAtomicSync(this.file, JSON.stringify({ version: STORAGE_FILE_VERSION, ...choice }, null, 2) + "\n");
    this.current = { ...choice };
  }
}
