/**
 * The system's preferred languages where Electron does not give them (the test host, a script
 * embedding the service). On Linux and the other POSIX systems they are read the way Electron's
 * `app.getPreferredSystemLanguages()` reads them there, through GLib's `g_get_language_names()`
 * (https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages): the
 * environment's `LANGUAGE` list, else `LC_ALL`, `LC_MESSAGES`, `LANG`. Not through `Intl`: a
 * process's first Intl object reads the language data in (about 20 ms on a quiet machine),
 * and this is asked while the service opens, on the launch's critical path. On Windows and
 * macOS, where a process's environment does not carry the person's languages, the locale this
 * process formats with.
 */

type Environment = Readonly<Record<string, string | undefined>>;

/** The variables GLib reads for the language of messages, most important first. */
const LOCALE_VARIABLES = ["LC_ALL", "LC_MESSAGES", "LANG"] as const;
/** Locales that name no language: the portable default ("C", "POSIX"). */
const NO_LANGUAGE = /^(?:C|POSIX)$/i;

export function processLanguages(platform: NodeJS.Platform = process.platform, env: Environment = process.env): readonly string[] {
  if (platform === "win32" || platform === "darwin") return [Intl.DateTimeFormat().resolvedOptions().locale];
  return environmentLanguages(env);
}

/**
 * The languages a POSIX environment names, in GLib's order, as BCP 47 tags (`de_AT.UTF-8@euro` →
 * `de-AT`), without repeats and without "C"/"POSIX": `LANGUAGE` (a GNU extension, the person's
 * list: `fr_CA:fr:en`) when set, else the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set.
 * None set: the POSIX default locale, which names no language.
 */
export function environmentLanguages(env: Environment): readonly string[] {
  const chosen = env.LANGUAGE?.trim() || LOCALE_VARIABLES.map((name) => env[name]?.trim()).find((value) => !!value) || "";
  const tags = chosen.split(":").map(languageTag);
  return [...new Set(tags.filter((tag): tag is string => tag !== null))];
}

/** `de_AT.UTF-8@euro` → `de-AT`; null for a locale that names no language or is not a locale name. */
function languageTag(locale: string): string | null {
  const name = locale.trim().replace(/[.@].*$/, "");
  if (name === "" || NO_LANGUAGE.test(name)) return null;
  const match = /^([A-Za-z]{2,3})(?:_([A-Za-z]{2}|\d{3}))?$/.exec(name);
  if (!match) return null;
  return match[2] ? `${match[1].toLowerCase()}-${match[2].toUpperCase()}` : match[1].toLowerCase();
}
