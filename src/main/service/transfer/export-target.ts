/**
 * Where an export is written: the file the person chooses in a save dialog (null when they
 * cancel), or without a dialog (tests, the test host) the data folder's private `exports/`.
 */
import path from "node:path";
import { ensurePrivateFolder } from "../../agent";

/** Asks the person where to save an export (null: cancelled). */
export type ExportFileChooser = (defaultName: string) => Promise<string | null>;

export async function chooseExportTarget(dataFolder: string, chooser: ExportFileChooser | undefined, name: string): Promise<string | null> {
  if (chooser) return chooser(name);
  const folder = path.join(dataFolder, "exports");
  ensurePrivateFolder(folder);
  return path.join(folder, name);
}
