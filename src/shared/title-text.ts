/**
 * A conversation's title is shown in lists, headers and the window's title: it holds no
 * control characters (a newline, an escape) and no text-direction controls (a right-to-left
 * override can make "exe.txt" read as "txt.exe"). A rename with one is refused; an imported
 * or generated title has them taken out.
 */

/** C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates. */
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, "gu");

export const UNSAFE_TITLE_MESSAGE = "A title cannot hold control characters (such as a line break) or text-direction overrides.";

export function hasUnsafeTitleText(title: string): boolean {
  return UNSAFE.test(title);
}

/** The title with controls made spaces, direction controls removed, and spaces collapsed. */
export function cleanTitle(title: string): string {
  return title
    .replace(UNSAFE_ALL, (c) => (c <= "\u009F" ? " " : ""))
    .replace(/\s+/gu, " ")
    .trim();
}
