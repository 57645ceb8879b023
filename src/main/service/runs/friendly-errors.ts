/**
 * The one place that turns an error of a run into words for the person. Works on the
 * error's class name, because after loading a saved conversation only the name and
 * the text of an error are left (the SDK's classes: RateLimitError, APIConnectionError...).
 */

interface NamedError {
  name: string;
  message: string;
}

const FRIENDLY_TEXTS: Record<string, string> = {
  MissingApiKeyError: "No API key is set yet. Add your Anthropic API key in Settings: your message is kept and sent as soon as the key is set.",
  AuthenticationError: "The API key was refused. Check it in Settings (it may be mistyped or revoked), then press Continue.",
  PermissionDeniedError: "This API key may not use the model. Check the key and the model in Settings, then press Continue.",
  NotFoundError: "The model was not found. Check the model name in Settings, then press Continue.",
  RateLimitError: "The model service is limiting requests right now (rate limit). Wait a minute, then press Continue.",
  OverloadedError: "The model service is overloaded right now. Wait a little, then press Continue.",
  APIConnectionError: "Alpine could not reach the model service. Check your network connection, then press Continue.",
  APIConnectionTimeoutError: "The model service did not answer in time. Check your network connection, then press Continue.",
  InternalServerError: "The model service had an internal error. Press Continue to try again.",
  ServiceUnavailableError: "The model service is unavailable right now. Wait a little, then press Continue.",
  GatewayTimeoutError: "The model service timed out. Press Continue to try again.",
  RequestTimeoutError: "The request to the model service timed out. Press Continue to try again.",
  BadRequestError: "The model service refused the request.",
  ContentTooLargeError: "The conversation is too large for the model service to accept.",
  PaymentRequiredError: "The model service needs billing to be set up for this API key.",
};

/** What the person reads about a failed run; the original message is kept after the friendly text when it adds detail. */
export function friendlyErrorText(error: NamedError): string {
  const friendly = FRIENDLY_TEXTS[error.name];
  if (!friendly) return `${error.name}: ${firstLine(error.message)}`;
  if (error.name === "MissingApiKeyError") return friendly;
  const detail = firstLine(stripName(error.message, error.name));
  return detail ? `${friendly} (${detail})` : friendly;
}

export function namedError(error: unknown): NamedError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/** Error entries keep "Name: message" as their text. */
function stripName(message: string, name: string): string {
  return message.startsWith(`${name}: `) ? message.slice(name.length + 2) : message;
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0].trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
