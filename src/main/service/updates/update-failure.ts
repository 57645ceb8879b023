/**
 * An updater failure in words for the person: what went wrong, that nothing was installed,
 * and what to do. A download that does not match its published checksum is refused.
 */
export function updateFailureText(error: unknown, version: string | null): string {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const update = version ? `The update to Alpine ${version}` : "The update";
  if (code === "ERR_CHECKSUM_MISMATCH" || /checksum mismatch/i.test(detail)) {
    return (
      `${update} was refused: the downloaded file does not match the checksum published with it, so it may be damaged or ` +
      "not the real release. It was deleted and nothing was installed. Check for updates again later."
    );
  }
  if (/ECONNRESET|ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|aborted|premature close|net::ERR_/i.test(detail)) {
    return `${update} could not be downloaded: the connection failed (${shorten(detail)}). Nothing was installed. Check for updates again when you are online.`;
  }
  if (/\b(404|403|5\d\d)\b|HttpError/i.test(detail)) {
    return `The update server answered with an error (${shorten(detail)}). Nothing was installed. Check for updates again later.`;
  }
  return `${update} failed: ${shorten(detail)}. Nothing was installed. Check for updates again later.`;
}

function shorten(text: string): string {
  const firstLine = text.split("\n")[0].trim();
  return firstLine.length > 200 ? `${firstLine.slice(0, 200)}…` : firstLine;
}
