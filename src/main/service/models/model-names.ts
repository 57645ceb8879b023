/**
 * The names models were shown by: the Models API's display names, kept in the data folder
 * (model-names.json) each time it lists them, over the built-in list's. The picker of a
 * conversation opened after a relaunch names its model so before the list is asked again
 * (or when it cannot be). A convenience: a file missing, garbled or unreadable means only
 * the built-in names; a newer one is read and never written.
 */
import path from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../../agent";
import { readVersionedJson } from "../versioned-json";

export const MODEL_NAMES_FILE = "model-names.json";
const VERSION = 1;
const fileSchema = z.object({ version: z.number().int(), names: z.record(z.string(), z.string()) });

export class ModelNames {
  private readonly file: string;
  private names: Record<string, string>;
  private readonly writable: boolean;

  constructor(
    dataFolder: string,
    private readonly builtIn: readonly { id: string; name: string }[],
  ) {
    this.file = path.join(dataFolder, MODEL_NAMES_FILE);
    const read = readVersionedJson(this.file, { version: VERSION, schema: fileSchema, what: "model names file", unreadable: "garbled" });
    this.names = read.status === "current" ? read.value.names : read.status === "newer" ? (read.known?.names ?? {}) : {};
    this.writable = read.status !== "newer";
  }

  /** The name model `id` was last listed by, else its built-in name, else null. */
  nameOf(id: string): string | null {
    return this.names[id] ?? this.builtIn.find((model) => model.id === id)?.name ?? null;
  }

  /** Keep the names the Models API listed; written only when one changed. */
  remember(models: readonly { id: string; name: string }[]): void {
    const changed = models.filter((model) => model.name !== model.id && this.names[model.id] !== model.name);
    if (changed.length === 0) return;
    this.names = { ...this.names, ...Object.fromEntries(changed.map((model) => [model.id, model.name])) };
    if (!this.writable) return;
    try {
      writeFileAtomicSync(this.file, `${JSON.stringify({ version: VERSION, names: this.names })}\n`);
    } catch {
      // Only a convenience: the names are known again at the next list.
    }
  }
}
