/** Shown when the window can no longer reach Alpine's service (the test host's WebSocket closed). */
import { useAppStore } from "../store/app-store";

export function ConnectionLostNotice() {
  const lost = useAppStore((s) => s.connectionLost);
  if (!lost) return null;
  return (
    <div className="connection-lost" role="alert">
      <span className="connection-lost__text">
        <strong>Connection lost.</strong> This window can no longer reach Alpine, so nothing you do here is saved. Reload once Alpine runs again.
      </span>
      <button type="button" className="button button--secondary button--small" onClick={() => location.reload()}>
        Reload
      </button>
    </div>
  );
}
