/** How the last run stopped when it did not end by itself, and the one click that continues it. */
import type { Interruption } from "../../../shared/view-types";
import { AlertIcon, PlayIcon } from "./icons";
import { tidyErrorText } from "../lib/tidy-error-text";

const HEADLINES: Record<Interruption["kind"], string> = {
  killed: "Interrupted mid-run",
  aborted: "Stopped before it finished",
  error: "Stopped by an error",
};

interface InterruptionBannerProps {
  interruption: Interruption;
  busy: boolean;
  onContinue(): void;
  onOpenSettings(): void;
}

export function InterruptionBanner({ interruption, busy, onContinue, onOpenSettings }: InterruptionBannerProps) {
  const needsSettings = /api key|settings/i.test(interruption.detail);
  return (
    <section className={`banner banner--${interruption.kind}`} role="status" data-interruption={interruption.kind}>
      <AlertIcon />
      <div className="banner__text">
        <p className="banner__title">{HEADLINES[interruption.kind]}</p>
        <p className="banner__detail">{tidyErrorText(interruption.detail)}</p>
      </div>
      <div className="banner__actions">
        {needsSettings && (
          <button type="button" className="button button--secondary" onClick={onOpenSettings}>
            Open Settings
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onContinue} disabled={busy}>
          <PlayIcon />
          Continue
        </button>
      </div>
    </section>
  );
}
