/** Without an API key the app still opens; this says what to do. */
import { AlertIcon } from "./icons";

export function KeyMissingBanner({ onOpenSettings }: { onOpenSettings(): void }) {
  return (
    <section className="banner banner--key" role="status" data-banner="missing-key">
      <AlertIcon />
      <div className="banner__text">
        <p className="banner__title">Add your Anthropic API key to start</p>
        <p className="banner__detail">Alpine needs a key to talk to the model. It is kept encrypted on this computer and never shown again.</p>
      </div>
      <div className="banner__actions">
        <button type="button" className="button button--primary" onClick={onOpenSettings}>
          Open Settings
        </button>
      </div>
    </section>
  );
}
