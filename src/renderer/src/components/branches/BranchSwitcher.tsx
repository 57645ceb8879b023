/**
 * ‹ 2 / 3 ›: where branches of the conversation part at this message, which one is shown,
 * and the way to the others (the rest of the conversation follows the choice).
 */
import { useAppStore } from "../../store/app-store";
import { useTranslation } from "../../i18n/react";

export function BranchSwitcher({ seq }: { seq: number }) {
  const fork = useAppStore((s) => s.view?.forks.find((f) => f.seq === seq) ?? null);
  const switchBranch = useAppStore((s) => s.switchBranch);
  const busy = useAppStore((s) => s.pendingAction !== null);
  const { t, i18n } = useTranslation();
  if (!fork) return null;
  const { index, options } = fork;
  const go = (to: number) => void switchBranch(options[to]);
  return (
    <div className="branch-switcher" role="group" aria-label={t("branch.versions")} data-fork-seq={seq}>
      <button type="button" className="branch-switcher__step" aria-label={t("branch.previous")} disabled={busy || index === 0} onClick={() => go(index - 1)}>
        ‹
      </button>
      <span className="branch-switcher__position" aria-live="polite">
        {t("branch.position", { index: (index + 1).toLocaleString(i18n.language), total: options.length.toLocaleString(i18n.language) })}
      </span>
      <button type="button" className="branch-switcher__step" aria-label={t("branch.next")} disabled={busy || index === options.length - 1} onClick={() => go(index + 1)}>
        ›
      </button>
    </div>
  );
}
