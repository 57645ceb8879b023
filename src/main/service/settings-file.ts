/**
 * The app's settings (model, system prompt, folder) in a small versioned JSON file in
 * the data folder, replaced atomically on every change. The API key is not here: it is
 * kept by the SecretKeeper.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomically } from "./atomic-file";
import { InvalidSettingError, SettingsFileError } from "./service-errors";

export const SETTINGS_FILE_NAME = "settings.json";
export const SETTINGS_VERSION = 1;

export const DEFAULT_MODEL = "claude-sonnet-4-6";
export const DEFAULT_SYSTEM_PROMPT =
  "You are Alpine, a helpful assistant on the person's desktop. Answer clearly and concisely. " +
  "You can read, list and search the files of the folder the person chose, and write files there " +
  "after they allow it. Say so when a tool result is unknown or a write was denied.";

export interface Settings {
  model: string;
  systemPrompt: string;
  /** The folder the file tools work in; null until the person chooses one. */
  folder: string | null;
}

export const DEFAULT_SETTINGS: Settings = { model: DEFAULT_MODEL, systemPrompt: DEFAULT_SYSTEM_PROMPT, folder: null };

/** Unknown keys (from a newer version) are kept when the file is rewritten. */
const fileSchema = z
  .object({
    version: z.number().int().min(1),
    model: z.string().min(1).optional(),
    systemPrompt: z.string().optional(),
    folder: z.string().nullable().optional(),
  })
  .passthrough();

export class SettingsFile {
  readonly file: string;
  private current: Settings;
  private extra: Record<string, unknown> = {};

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, SETTINGS_FILE_NAME);
    this.current = this.read();
  }

  get(): Settings {
    return { ...this.current };
  }

  /** Check and apply a change, then write the whole file atomically. */
  update(change: Partial<Settings>): Settings {
    const next: Settings = { ...this.current };
    if (change.model !== undefined) next.model = change.model.trim() || DEFAULT_MODEL;
    if (change.systemPrompt !== undefined) next.systemPrompt = change.systemPrompt;
    if (change.folder !== undefined) next.folder = change.folder === null || change.folder === "" ? null : checkFolder(change.folder);
    writeFileAtomically(this.file, JSON.stringify({ ...this.extra, version: SETTINGS_VERSION, ...next }, null, 2) + "\n");
    this.current = next;
    return this.get();
  }

  private read(): Settings {
    let raw: string;
    try {
      raw = fs.readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ...DEFAULT_SETTINGS };
      throw new SettingsFileError(`The settings file ${this.file} cannot be read (${(error as Error).message}).`, { cause: error });
    }
    let parsed: z.infer<typeof fileSchema>;
    try {
      parsed = fileSchema.parse(JSON.parse(raw));
    } catch (error) {
      // A broken settings file must not keep the app from opening: start from the
      // defaults and keep the broken file beside the new one for the person to inspect.
      fs.renameSync(this.file, `${this.file}.unreadable-${Date.now()}`);
      return { ...DEFAULT_SETTINGS };
    }
    const { version: _version, model, systemPrompt, folder, ...extra } = parsed;
    this.extra = extra;
    return {
      model: model ?? DEFAULT_MODEL,
      systemPrompt: systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
      folder: folder ?? null,
    };
  }
}

/** The file tools need an existing folder given by its absolute path. */
function checkFolder(folder: string): string {
  if (!path.isAbsolute(folder)) throw new InvalidSettingError(`The folder must be an absolute path, not "${folder}".`);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch {
    throw new InvalidSettingError(`The folder ${folder} does not exist. Choose an existing folder.`);
  }
  if (!stat.isDirectory()) throw new InvalidSettingError(`${folder} is a file, not a folder. Choose a folder.`);
  return path.resolve(folder);
}
