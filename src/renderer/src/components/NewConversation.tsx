/** The page of a conversation not started yet: what Alpine can do, and where. */
import { Trans, useTranslation } from "../i18n/react";
import { useAppStore } from "../store/app-store";
import { FolderIcon, MountainIcon } from "./icons";

export function NewConversation() {
  const folder = useAppStore((s) => s.settings?.folder ?? null);
  const openSettings = useAppStore((s) => s.setSettingsOpen);
  const { t } = useTranslation();
  return (
    <div className="welcome">
      <span className="welcome__mark" aria-hidden="true">
        <MountainIcon />
      </span>
      <h1 className="welcome__title">{t("welcome.title")}</h1>
      <p className="welcome__text">{t("welcome.text")}</p>
      <button type="button" className="welcome__folder" onClick={() => openSettings(true)}>
        <FolderIcon />
        {folder ? (
          <span>
            <Trans i18nKey="welcome.folder" values={{ folder }} components={{ code: <code /> }} />
          </span>
        ) : (
          <span>{t("welcome.noFolder")}</span>
        )}
      </button>
    </div>
  );
}
