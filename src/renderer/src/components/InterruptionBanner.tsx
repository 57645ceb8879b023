/**
 * How the last run stopped when it did not end by itself, and the one click that continues it.
 * A message waiting for the API key is no failure: it says so calmly and leads to Settings;
 * the message is sent once the key is set, without a Continue.
 */
import type { Interruption } from "../../../shared/view-types";
import { AlertIcon, InfoIcon, PlayIcon } from "./icons";
import { tidyErrorText } from "../lib/tidy-error-text";

const HEADLINES: Record<Interruption["kind"], string> = {
  killed: "Interrupted mid-run",
  aborted: "Stopped before it finished",
  error: "Stopped by an error",
  needs_key: "Waiting for your API key",
  ask_again: "A question to ask again",
};

interface InterruptionBannerProps {
  interruption: Interruption;
  busy: boolean;
  onContinue(): void;
  onOpenSettings(): void;
}

export function InterruptionBanner({ interruption, busy, onContinue, onOpenSettings }: InterruptionBannerProps) {
  const waitsForKey = interruption.kind === "needs_key";
  const needsSettings = waitsForKey || /api key|settings/i.test(interruption.detail);
  return (
    <section className={`banner banner--${interruption.kind}`} role="status" data-interruption={interruption.kind}>
      {waitsForKey ? <InfoIcon /> : <AlertIcon />}
      <div className="banner__text">
        <p className="banner__title">{HEADLINES[interruption.kind]}</p>
        <p className="banner__detail">{tidyErrorText(interruption.detail)}</p>
      </div>
      <div className="banner__actions">
        {needsSettings && (
          <button type="button" className={waitsForKey ? "button button--primary" : "button button--secondary"} onClick={onOpenSettings}>
            Open Settings
          </button>
        )}
        {!waitsForKey && (
          <button type="button" className="button button--primary" onClick={onContinue} disabled={busy}>
            <PlayIcon />
            Continue
          </button>
        )}
      </div>
    </section>
  );
}
