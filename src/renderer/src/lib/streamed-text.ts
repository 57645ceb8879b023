/**
 * A reply's text while it is being written, kept in pieces: finished pieces of about
 * PIECE_CHARS characters that never change, and a short tail that the new words join.
 *
 * One string grown word by word (`text + words`) is read whole at each frame by whoever looks
 * into it (indexOf, slice and startsWith first make it one flat copy): past 128 KB each such
 * copy is a large object of its own, and freeing a few dozen of them at once made a frame of a
 * 200 KB reply take 70 ms. Here a frame reads only the characters it asks for (textSlice), from
 * the pieces they lie in; the whole text is joined only when someone needs it whole (wholeText).
 */

/** About how long a finished piece is: far below the size of a large object. */
export const PIECE_CHARS = 16_384;

export interface StreamedText {
  /** Which reply this is: a reply begun again (a new request, another conversation) has another id. */
  readonly id: number;
  readonly length: number;
  /** The finished pieces, in order; none changes once made. */
  readonly pieces: readonly string[];
  /** Where each finished piece starts in the text. */
  readonly starts: readonly number[];
  /** The words after the finished pieces: the only part that grows. */
  readonly tail: string;
}

let lastId = 0;

/** No text: what a reply is before its first words. */
export const NO_TEXT: StreamedText = { id: 0, length: 0, pieces: [], starts: [], tail: "" };

/** `text` followed by `words`. The first words of a reply make a new reply (a new id). */
export function appendText(text: StreamedText, words: string): StreamedText {
  if (!words) return text;
  const id = text.length === 0 ? ++lastId : text.id;
  const tail = text.tail + words;
  const length = text.length + words.length;
  if (tail.length < PIECE_CHARS) return { id, length, pieces: text.pieces, starts: text.starts, tail };
  return { id, length, pieces: [...text.pieces, tail], starts: [...text.starts, length - tail.length], tail: "" };
}

/** A whole text as one reply (for a text that is already complete). */
export function streamedText(whole: string): StreamedText {
  return appendText(NO_TEXT, whole);
}

/** The index of the finished piece holding `at`, or pieces.length when `at` is in the tail. */
function pieceAt(text: StreamedText, at: number): number {
  let low = 0;
  let high = text.pieces.length;
  // The last piece whose start is at or before `at`; the tail starts where the pieces end.
  while (low < high) {
    const mid = (low + high) >> 1;
    if (text.starts[mid] + text.pieces[mid].length <= at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The characters from `from` to `to` (the end by default), read from the pieces they lie in alone. */
export function textSlice(text: StreamedText, from: number, to: number = text.length): string {
  const start = Math.max(0, from);
  const end = Math.min(text.length, to);
  if (start >= end) return "";
  const parts: string[] = [];
  for (let i = pieceAt(text, start); i <= text.pieces.length; i++) {
    const piece = i < text.pieces.length ? text.pieces[i] : text.tail;
    const pieceStart = i < text.pieces.length ? text.starts[i] : text.length - text.tail.length;
    if (pieceStart >= end) break;
    parts.push(piece.slice(Math.max(0, start - pieceStart), end - pieceStart));
  }
  return parts.length === 1 ? parts[0] : parts.join("");
}

/** The whole text as one string: for what needs it whole once (a copy), never at each frame. */
export function wholeText(text: StreamedText): string {
  return textSlice(text, 0);
}
