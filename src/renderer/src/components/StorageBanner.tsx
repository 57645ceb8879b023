/** Shown while the PostgreSQL server in use cannot be reached: what it means, and that nothing saved is lost. */
import { useEffect } from "react";
import { afterFirstScreen } from "../lib/first-screen";
import { useAppStore } from "../store/app-store";

export function StorageBanner() {
  const status = useAppStore((s) => (s.storage?.kind === "postgres" ? s.storage.status : null));
  const load = useAppStore((s) => s.loadStorage);
  useEffect(() => void afterFirstScreen(load), [load]);
  if (!status || status.reachable) return null;
  return (
    <div className="connection-lost storage-banner" role="alert" data-testid="storage-banner">
      <span className="connection-lost__text">
        <strong>Server unreachable.</strong> {status.message}
      </span>
    </div>
  );
}
