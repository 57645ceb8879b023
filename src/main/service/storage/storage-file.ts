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
import { SettingsFileError } from "../service-errors";
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
    let raw: string;
    try {
      raw = fs.readFileSync(this.file, "utf8");
    } catch {
      return; // none yet: this computer
    }
    let json: unknown = null;
    try {
      json = JSON.parse(raw);
    } catch {
      // garbled: this computer, and the file is rewritten at the next change
    }
    const version = (json as { version?: unknown } | null)?.version;
    // A newer Alpine's file: read as far as this version can, never rewritten.
    if (typeof version === "number" && version > STORAGE_FILE_VERSION) this.newerVersion = version;
    const parsed = fileSchema.safeParse(json);
    if (parsed.success) this.current = { kind: parsed.data.kind, server: parsed.data.server };
  }

  get(): StorageChoice {
    return { ...this.current };
  }

  set(choice: StorageChoice): void {
    if (this.newerVersion !== null) {
      throw new SettingsFileError(`${this.file} was written by a newer version of Alpine (version ${this.newerVersion}) and is left unchanged; update Alpine to change storage.`);
    }
    writeFileAtomicSync(this.file, JSON.stringify({ version: STORAGE_FILE_VERSION, ...choice }, null, 2) + "\n");
    this.current = { ...choice };
  }
}
