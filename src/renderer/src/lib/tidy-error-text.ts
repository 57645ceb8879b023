/**
 * Error texts from the model service often carry the raw HTTP body:
 * `RateLimitError: 429 {"type":"error","error":{"type":"rate_limit_error","message":"..."},"request_id":"req_..."}`.
 * A person needs the message inside, not the JSON around it.
 */
export function tidyErrorText(text: string, errorName?: string): string {
  let tidy = text;
  if (errorName && tidy.startsWith(`${errorName}: `)) tidy = tidy.slice(errorName.length + 2);
  return tidy.replace(/(?:\b\d{3} )?(\{"type":"error".*?\})(?=\)?\s*$|\)\.?\s)/s, (whole, json: string) => {
    try {
      const body = JSON.parse(json) as { error?: { message?: unknown } };
      return typeof body.error?.message === "string" ? body.error.message : whole;
    } catch {
      return whole;
    }
  });
}
