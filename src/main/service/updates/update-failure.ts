/**
 * An updater failure in words for the person, in their language: what went wrong, that
 * nothing was installed, and what to do. A download that does not match its published
 * checksum is refused. The updater's own detail is kept as it came.
 */
import { ENGLISH_WORDS, type Words } from "../words/words";

export function updateFailureText(error: unknown, version: string | null, words: Words = ENGLISH_WORDS): string {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const withVersion = version !== null;
  if (code === "ERR_CHECKSUM_MISMATCH" || /checksum mismatch/i.test(detail)) {
    return withVersion ? words.t("update.checksumVersion", { version }) : words.t("update.checksum");
  }
  if (/ECONNRESET|ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|aborted|premature close|net::ERR_/i.test(detail)) {
    const values = { version: version ?? "", detail: shorten(detail) };
    return withVersion ? words.t("update.connectionVersion", values) : words.t("update.connection", values);
  }
  if (/\b(404|403|5\d\d)\b|HttpError/i.test(detail)) return words.t("update.server", { detail: shorten(detail) });
  const values = { version: version ?? "", detail: shorten(detail) };
  return withVersion ? words.t("update.failedVersion", values) : words.t("update.failed", values);
}

function shorten(text: string): string {
  const firstLine = text.split("\n")[0].trim();
  return firstLine.length > 200 ? `${firstLine.slice(0, 200)}…` : firstLine;
}
