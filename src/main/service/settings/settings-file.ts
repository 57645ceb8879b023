/**
 * The app's settings (model, system prompt, folder) in a small versioned JSON file in
 * the data folder, replaced atomically on every change. The API key is not here: it is
 * kept by the SecretKeeper.
 *
 * A file this version cannot use never keeps the app from opening and is never lost: a
 * garbled one is moved aside and the defaults apply; one written by a newer Alpine is
 * read as far as it can be and left untouched (changes are refused until Alpine is
 * updated). Either way `problem` says what happened, for the window to show.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../../agent";
import { InvalidSettingError, NewerFileVersionError } from "../service-errors";
import { readVersionedJson } from "../versioned-json";
import { DEFAULT_DESKTOP_SETTINGS, type DesktopSettings, SHORTCUT_PATTERN } from "../../../shared/desktop-types";
import { ANTHROPIC_PROVIDER_ID } from "../../../shared/providers-types";
import { DEFAULT_LANGUAGE_SETTING, type LanguageSetting, isLanguageSetting } from "../../../shared/languages";

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
  /** Notifications, badge, tray, quick entry, open at login (added within version 1: absent, each has its default). */
  desktop: DesktopSettings;
  /**
   * The window's language, or "system" to follow the system's (added within version 1: an
   * older file, or a value this version does not know, reads as "system"; an older Alpine
   * keeps the key when it rewrites the file).
   */
  language: LanguageSetting;
  /**
   * The provider of new conversations (Settings → Models), with `model` as its model; null:
   * Anthropic (added within version 1: an older file reads as null, today's behaviour).
   */
  defaultProvider: string | null;
}

export const DEFAULT_SETTINGS: Settings = {
  model: DEFAULT_MODEL,
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  folder: null,
  desktop: DEFAULT_DESKTOP_SETTINGS,
  language: DEFAULT_LANGUAGE_SETTING,
  defaultProvider: null,
};

/** A change: the desktop settings may change one at a time. */
export type SettingsChange = Partial<Omit<Settings, "desktop">> & { desktop?: Partial<DesktopSettings> };

/** Each desktop setting as read; one this version cannot use falls back to its default alone. */
const desktopSchema = z.object({
  notifyRunEnded: z.boolean().catch(DEFAULT_DESKTOP_SETTINGS.notifyRunEnded),
  notifyWaiting: z.boolean().catch(DEFAULT_DESKTOP_SETTINGS.notifyWaiting),
  badgeCount: z.boolean().catch(DEFAULT_DESKTOP_SETTINGS.badgeCount),
  tray: z.boolean().nullable().catch(DEFAULT_DESKTOP_SETTINGS.tray),
  keepRunningInTray: z.boolean().catch(DEFAULT_DESKTOP_SETTINGS.keepRunningInTray),
  quickEntryShortcut: z.string().refine((s) => s === "" || SHORTCUT_PATTERN.test(s)).catch(DEFAULT_DESKTOP_SETTINGS.quickEntryShortcut),
  quickEntryContinues: z.boolean().catch(DEFAULT_DESKTOP_SETTINGS.quickEntryContinues),
  openAtLogin: z.boolean().catch(DEFAULT_DESKTOP_SETTINGS.openAtLogin),
}).partial();

/** Unknown keys (from a newer version) are kept when the file is rewritten. */
const fileSchema = z
  .object({
    version: z.number().int().min(1),
    model: z.string().min(1).optional(),
    systemPrompt: z.string().optional(),
    folder: z.string().nullable().optional(),
    desktop: desktopSchema.optional().catch(undefined),
    language: z.string().refine(isLanguageSetting).optional().catch(undefined),
    defaultProvider: z.string().min(1).nullable().optional().catch(undefined),
  })
  .passthrough();

export class SettingsFile {
  readonly file: string;
  private current: Settings;
  private extra: Record<string, unknown> = {};
  private problemText: string | null = null;
  /** Set when the file is from a newer version: it must not be rewritten. */
  private newerVersion: number | null = null;

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, SETTINGS_FILE_NAME);
    this.current = this.read();
  }

  get(): Settings {
    return { ...this.current, desktop: { ...this.current.desktop } };
  }

  /** Set when the file could not be used as it is: what happened, in words for the person. */
  get problem(): string | null {
    return this.problemText;
  }

  /** Check and apply a change, then write the whole file atomically. */
  update(change: SettingsChange): Settings {
    if (this.newerVersion !== null) throw new NewerFileVersionError("settings", this.file, this.newerVersion, SETTINGS_VERSION);
    const next: Settings = { ...this.current };
    if (change.model !== undefined) next.model = change.model.trim() || DEFAULT_MODEL;
    if (change.systemPrompt !== undefined) next.systemPrompt = change.systemPrompt;
    if (change.folder !== undefined) next.folder = change.folder === null || change.folder === "" ? null : checkFolder(change.folder);
    if (change.desktop !== undefined) next.desktop = { ...next.desktop, ...checkDesktop(change.desktop) };
    if (change.language !== undefined) next.language = checkLanguage(change.language);
    if (change.defaultProvider !== undefined) next.defaultProvider = change.defaultProvider === ANTHROPIC_PROVIDER_ID ? null : change.defaultProvider;
    writeFileAtomicSync(this.file, JSON.stringify({ ...this.extra, version: SETTINGS_VERSION, ...next }, null, 2) + "\n");
    this.current = next;
    return this.get();
  }

  private read(): Settings {
    const read = readVersionedJson(this.file, { version: SETTINGS_VERSION, schema: fileSchema, what: "settings file" });
    switch (read.status) {
      case "missing":
        return { ...DEFAULT_SETTINGS };
      case "newer":
        // A newer Alpine's file: use what this version understands, and never rewrite it.
        this.newerVersion = read.version;
        this.problemText =
          `The settings file ${this.file} is from a newer version of Alpine (settings version ${read.version}). ` +
          "It is left unchanged, and settings cannot be changed until Alpine is updated.";
        return read.known ? this.settingsOf(read.known) : { ...DEFAULT_SETTINGS };
      case "garbled": {
        // A broken settings file must not keep the app from opening: start from the
        // defaults and keep the broken file beside the new one for the person to inspect.
        const aside = `${this.file}.unreadable-${Date.now()}`;
        fs.renameSync(this.file, aside);
        this.problemText = `The settings file could not be read, so Alpine started with the default settings. The old file was kept as ${aside}.`;
        return { ...DEFAULT_SETTINGS };
      }
      case "current":
        return this.settingsOf(read.value);
    }
  }

  private settingsOf(parsed: z.infer<typeof fileSchema>): Settings {
    const { version: _version, model, systemPrompt, folder, desktop, language, defaultProvider, ...extra } = parsed;
    this.extra = extra;
    return {
      model: model ?? DEFAULT_MODEL,
      systemPrompt: systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
      folder: folder ?? null,
      desktop: { ...DEFAULT_DESKTOP_SETTINGS, ...stripUndefined(desktop ?? {}) },
      language: isLanguageSetting(language) ? language : DEFAULT_LANGUAGE_SETTING,
      defaultProvider: defaultProvider === ANTHROPIC_PROVIDER_ID ? null : (defaultProvider ?? null),
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

/** A shortcut must be one Electron can register and must have a modifier; "" turns it off. */
function checkDesktop(change: Partial<DesktopSettings>): Partial<DesktopSettings> {
  const shortcut = change.quickEntryShortcut?.trim();
  if (shortcut !== undefined && shortcut !== "" && !SHORTCUT_PATTERN.test(shortcut)) {
    throw new InvalidSettingError(`"${shortcut.slice(0, 60)}" is not a shortcut Alpine can use: give one or more modifiers and a key, such as Alt+Space or CommandOrControl+Shift+A.`);
  }
  return stripUndefined(shortcut === undefined ? change : { ...change, quickEntryShortcut: shortcut });
}

/** The window checks too; this keeps a file written by a caller other than the window sound. */
function checkLanguage(language: string): LanguageSetting {
  if (!isLanguageSetting(language)) throw new InvalidSettingError(`"${language.slice(0, 40)}" is not a language Alpine speaks. Choose one from the list in Settings, or the system's language.`);
  return language;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
