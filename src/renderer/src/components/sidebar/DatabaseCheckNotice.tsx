/** After an unclean shutdown: what the background check of the database found, when it found damage. */
import { useEffect } from "react";
import { useShallow } from "zustand/react/shallow";
import { afterFirstScreen } from "../../lib/first-screen";
import { useAppStore } from "../../store/app-store";
import { useTranslation } from "../../i18n/react";

export function DatabaseCheckNotice() {
  const { check, load, dismiss } = useAppStore(
    useShallow((s) => ({ check: s.databaseCheck, load: s.loadDatabaseHealth, dismiss: s.dismissDatabaseCheck })),
  );
  const { t } = useTranslation();
  useEffect(() => void afterFirstScreen(load), [load]);
  if (!check || check.ok) return null;
  return (
    <section className="interrupted-notice database-check-notice" role="alert" aria-label={t("sidebar.databaseCheck.label")}>
      <p className="interrupted-notice__text">
        {t("sidebar.databaseCheck.text", { file: check.file, problems: check.problems.join("; ") })}
      </p>
      <button type="button" className="button button--ghost interrupted-notice__dismiss" onClick={dismiss}>
        {t("app.dismiss")}
      </button>
    </section>
  );
}
