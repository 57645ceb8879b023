/** After an unclean shutdown: what the background check of the database found, when it found damage. */
import { useEffect } from "react";
import { useShallow } from "zustand/react/shallow";
import { afterFirstScreen } from "../../lib/first-screen";
import { useAppStore } from "../../store/app-store";

export function DatabaseCheckNotice() {
  const { check, load, dismiss } = useAppStore(
    useShallow((s) => ({ check: s.databaseCheck, load: s.loadDatabaseHealth, dismiss: s.dismissDatabaseCheck })),
  );
  useEffect(() => void afterFirstScreen(load), [load]);
  if (!check || check.ok) return null;
  return (
    <section className="interrupted-notice database-check-notice" role="alert" aria-label="Database check">
      <p className="interrupted-notice__text">
        Alpine did not shut down cleanly last time, and a check of the database {check.file} found damage: {check.problems.join("; ")}. Conversations
        that cannot be read are marked “Damaged” in the list: export what is readable or restore them from a backup copy (Settings lists the
        copies).
      </p>
      <button type="button" className="button button--ghost interrupted-notice__dismiss" onClick={dismiss}>
        Dismiss
      </button>
    </section>
  );
}
