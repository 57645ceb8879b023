import { t } from "../i18n/i18n";
import { tidyErrorText } from "./tidy-error-text";

/**
 * A failed request as the person reads it. The main process already sends friendly
 * messages for its own errors; this keeps them as they are and only adds words for
 * the failures that happen before a request arrives (a lost connection).
 */
export function describeError(error: unknown): string {
  if (error && typeof error === "object" && "message" in error) {
    const message = String((error as { message: unknown }).message);
    const name = "name" in error ? String((error as { name: unknown }).name) : "";
    if (name === "ConnectionClosedError" || (/^(Error|TypeError)?$/.test(name) && /socket|connection|closed|network/i.test(message))) {
      return t("error.connectionLost", { detail: message });
    }
    return tidyErrorText(message.replace(/^Error invoking remote method '[^']+': (\w+: )?/, ""), name);
  }
  return String(error);
}
