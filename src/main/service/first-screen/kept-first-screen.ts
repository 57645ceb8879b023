/**
 * The first screen kept from the last session: the window's sidebar and open conversation as
 * they last looked, saved by the window (markup without styles or scripts) in a small
 * versioned file of the data folder. At the next launch the page is served with it, so the
 * person sees their conversation at the first paint, before the app's code has run; the app
 * replaces it with the live screen as it starts.
 *
 * Read with the shared reader (versioned-json.ts) but without zod or the agent library: the
 * app's entry reads it before anything else is loaded. It is a cache of what the data already holds: a file that is missing, garbled,
 * from another build or from a newer Alpine means "no kept first screen", never a failure.
 */
import path from "node:path";
import { MAX_FIRST_SCREEN_CHARS } from "../../../shared/kept-first-screen";
import { type LanguageSetting, isLanguageSetting } from "../../../shared/languages";
import { type JsonShape, type VersionedJson, readVersionedJson } from "../versioned-json";

export const FIRST_SCREEN_FILE_NAME = "first-screen.json";
export const FIRST_SCREEN_VERSION = 1;

export interface KeptFirstScreen {
  version: typeof FIRST_SCREEN_VERSION;
  /** The conversation it shows open, or null ("New conversation"). */
  conversationId: string | null;
  /** The window's style sheets it was drawn with (file names carry the build's hash). */
  stylesheets: string[];
  /** The markup of the app's root element, as the window made it (see first-screen-markup.ts). */
  html: string;
  /**
   * The language its words are in (added within version 1: a screen kept before is English). A
   * change of the language setting forgets the screen; the window drops one in another language.
   */
  language?: string;
  /** The language setting it was kept under: with "system", a launch after the system's language changed does not show it. */
  setting?: LanguageSetting;
}

export function firstScreenFile(dataFolder: string): string {
  return path.join(dataFolder, FIRST_SCREEN_FILE_NAME);
}

/** The kept first screen of `dataFolder`, or null when there is none this build can show. */
export function readKeptFirstScreen(dataFolder: string): KeptFirstScreen | null {
  const read = readFirstScreenFile(firstScreenFile(dataFolder));
  return read.status === "current" ? read.value : null;
}

/** The file as the shared reader tells it: missing, garbled (unreadable too: it is only a cache), newer, or current. */
export function readFirstScreenFile(file: string): VersionedJson<KeptFirstScreen> {
  return readVersionedJson(file, { version: FIRST_SCREEN_VERSION, schema: keptFirstScreenShape, what: "kept first screen", unreadable: "garbled" });
}

// Checked by hand, not with zod: the app's entry reads this file before zod is loaded.
const keptFirstScreenShape: JsonShape<KeptFirstScreen> = {
  safeParse: (value) =>
    isKeptFirstScreen(value) ? { success: true, data: value } : { success: false, error: { issues: [{ message: "not a first screen this build can show" }] } },
};

export function isKeptFirstScreen(value: unknown): value is KeptFirstScreen {
  const kept = value as Partial<KeptFirstScreen> | null;
  return (
    !!kept &&
    kept.version === FIRST_SCREEN_VERSION &&
    (kept.conversationId === null || typeof kept.conversationId === "string") &&
    Array.isArray(kept.stylesheets) &&
    kept.stylesheets.length > 0 &&
    kept.stylesheets.every((sheet) => typeof sheet === "string" && STYLESHEET_PATTERN.test(sheet)) &&
    typeof kept.html === "string" &&
    kept.html.length <= MAX_FIRST_SCREEN_CHARS &&
    isInertMarkup(kept.html) &&
    (kept.language === undefined || (typeof kept.language === "string" && LANGUAGE_TAG_PATTERN.test(kept.language))) &&
    (kept.setting === undefined || isLanguageSetting(kept.setting))
  );
}

/** A language as the window names it: "en", "zh-TW", "en-XA". */
export const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/;

/** A style sheet's file name as the window names it: "index-<hash>.css". */
export const STYLESHEET_PATTERN = /^[A-Za-z0-9_.-]{1,200}\.css$/;

/**
 * Markup that can only be looked at. The page's policy already refuses inline scripts, inline
 * handlers and inline styles; this keeps out the elements that could load or run anything of
 * the app's own origin. Text in serialized markup has its "<" escaped, so a tag name here is a tag.
 */
export function isInertMarkup(html: string): boolean {
  return !/<\/?(script|iframe|frame|object|embed|link|meta|base|style|template|noscript)\b/i.test(html);
}
