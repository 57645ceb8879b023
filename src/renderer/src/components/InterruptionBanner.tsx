/**
 * How the last run stopped when it did not end by itself, and the one click that continues it.
 * A message waiting for the API key is no failure: it says so calmly and leads to Settings;
 * the message is sent once the key is set, without a Continue.
 */
import type { Interruption } from "../../../shared/view-types";
import { AlertIcon, InfoIcon, PlayIcon } from "./icons";
import { tidyErrorText } from "../lib/tidy-error-text";
import { useTranslation } from "../i18n/react";

/** Each kind's headline, as its key under `banner.interruption`. */
const HEADLINES = {
  killed: "killed",
  aborted: "aborted",
  error: "error",
  needs_key: "needsKey",
  ask_again: "askAgain",
} as const satisfies Record<Interruption["kind"], string>;

interface InterruptionBannerProps {
  interruption: Interruption;
  busy: boolean;
  onContinue(): void;
  onOpenSettings(): void;
}

export function InterruptionBanner({ interruption, busy, onContinue, onOpenSettings }: InterruptionBannerProps) {
  const { t } = useTranslation();
  const waitsForKey = interruption.kind === "needs_key";
  const needsSettings = waitsForKey || /api key|settings/i.test(interruption.detail);
  return (
    <section className={`banner banner--${interruption.kind}`} role="status" data-interruption={interruption.kind}>
      {waitsForKey ? <InfoIcon /> : <AlertIcon />}
      <div className="banner__text">
        <p className="banner__title">{t(`banner.interruption.${HEADLINES[interruption.kind]}`)}</p>
        <p className="banner__detail">{tidyErrorText(interruption.detail)}</p>
      </div>
      <div className="banner__actions">
        {needsSettings && (
          <button type="button" className={waitsForKey ? "button button--primary" : "button button--secondary"} onClick={onOpenSettings}>
            {t("app.openSettings")}
          </button>
        )}
        {!waitsForKey && (
          <button type="button" className="button button--primary" onClick={onContinue} disabled={busy}>
            <PlayIcon />
            {t("banner.continue")}
          </button>
        )}
      </div>
    </section>
  );
}
