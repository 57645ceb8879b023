/**
 * On the card of a server installed from an MCP Bundle: what the bundle is, its settings
 * (sensitive ones only as "stored"), and Update…, which opens a newer .mcpb of it for review.
 * Off (the card's switch) disables it; Remove deletes its files and secrets.
 */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { InstalledBundleView } from "../../../../shared/mcp-bundle-types";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { BundleSettingsForm } from "./BundleSettingsForm";

export function BundleCardDetails({ server, bundle, busy }: { server: string; bundle: InstalledBundleView; busy: boolean }) {
  const { configure, open } = useAppStore(useShallow((s) => ({ configure: s.configureBundle, open: s.openBundleFile })));
  const { t } = useTranslation();
  const [editing, setEditing] = useState(bundle.missingSettings.length > 0);
  return (
    <div className="bundle-card" data-bundle={bundle.id}>
      <p className="field__note">
        {t("settings.bundle.installed", { name: bundle.displayName, version: bundle.version, author: bundle.author.name })}
      </p>
      <div className="field__row">
        {bundle.settings.length > 0 && (
          <button type="button" className="link-button" onClick={() => setEditing(!editing)}>
            {editing ? t("settings.bundle.hideSettings") : t("settings.bundle.settings")}
          </button>
        )}
        <button type="button" className="link-button" disabled={busy} onClick={() => void open()}>
          {t("settings.bundle.update")}
        </button>
      </div>
      {editing && (
        <BundleSettingsForm
          key={JSON.stringify(bundle.settings)}
          settings={bundle.settings}
          busy={busy}
          submitLabel={t("settings.bundle.saveSettings")}
          onSubmit={(values) => void configure(server, values).then((ok) => ok && setEditing(false))}
        />
      )}
    </div>
  );
}
