/**
 * After a relaunch: how many conversations had a run cut short (the app stopped, or the run
 * was stopped), each a button that opens it, so the person does not have to search for them.
 */
import { useAppStore } from "../../store/app-store";
import { useShallow } from "zustand/react/shallow";
import { useTranslation } from "../../i18n/react";

const SHOWN = 5;

export function InterruptedNotice() {
  const { interrupted, openConversation, dismissInterrupted } = useAppStore(
    useShallow((s) => ({ interrupted: s.interrupted, openConversation: s.openConversation, dismissInterrupted: s.dismissInterrupted })),
  );
  const { t, i18n } = useTranslation();
  if (!interrupted) return null;
  const { count, items } = interrupted;
  const more = count - Math.min(items.length, SHOWN);
  return (
    <section className="interrupted-notice" aria-label={t("sidebar.interrupted.label")}>
      <p className="interrupted-notice__text">
        {t("sidebar.interrupted.text", { count, total: count.toLocaleString(i18n.language) })}
      </p>
      <ul className="interrupted-notice__list">
        {items.slice(0, SHOWN).map((summary) => (
          <li key={summary.id}>
            <button type="button" className="interrupted-notice__open" onClick={() => void openConversation(summary.id)}>
              {summary.title || summary.task}
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="interrupted-notice__more">{t("sidebar.interrupted.more", { count: more, more: more.toLocaleString(i18n.language) })}</p>}
      <button type="button" className="button button--ghost interrupted-notice__dismiss" onClick={dismissInterrupted}>
        {t("app.dismiss")}
      </button>
    </section>
  );
}
