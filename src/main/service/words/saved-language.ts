/**
 * The language setting as the settings file keeps it, read at the app's start before the
 * service opens, so the first menu (and a dialog saying the service cannot start) already
 * speaks the chosen language. Reads only; anything unreadable means "system", as the
 * settings file itself reads it (settings-file.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { isLanguageSetting, type LanguageSetting } from "../../../shared/languages";

/**
 * settings-file.ts's SETTINGS_FILE_NAME (a test holds them equal): imported from there it would
 * bring the service's code, which loads after the window, into the launch path.
 */
export const SETTINGS_FILE = "settings.json";

export function savedLanguageSetting(dataFolder: string): LanguageSetting {
  try {
    const language = (JSON.parse(fs.readFileSync(path.join(dataFolder, SETTINGS_FILE), "utf8")) as { language?: unknown } | null)?.language;
    return isLanguageSetting(language) ? language : "system";
  } catch {
    return "system";
  }
}
