/** Short notices in a corner: an action that failed, with what to do. */
import { useAppStore } from "../store/app-store";
import { CloseIcon } from "./icons";
import { useTranslation } from "../i18n/react";

export function Toasts() {
  const toasts = useAppStore((s) => s.toasts);
  const dismiss = useAppStore((s) => s.dismissToast);
  const { t } = useTranslation();
  return (
    <div className="toasts" aria-live="assertive">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`} role={toast.tone === "error" ? "alert" : "status"}>
          <span className="toast__text">{toast.text}</span>
          <button type="button" className="icon-button" aria-label={t("app.dismiss")} onClick={() => dismiss(toast.id)}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
