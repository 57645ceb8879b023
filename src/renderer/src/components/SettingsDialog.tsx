/**
 * Settings: the API key (write-only: the window only learns whether one is set), the
 * model, the system prompt, and the working folder for the file tools; then Models (other
 * providers), Storage and Tools (MCP servers), saved change by change. The fields and the form's state are in settings/.
 */
import { useEffect, useRef } from "react";
import { useShallow } from "zustand/react/shallow";
import { useTranslation } from "../i18n/react";
import { useAppStore } from "../store/app-store";
import { DialogHead } from "./DialogHead";
import { ApiKeyField } from "./settings/ApiKeyField";
import { DialogActions } from "./settings/DialogActions";
import { FolderField } from "./settings/FolderField";
import { PriceTableField } from "./settings/PriceTableField";
import { ModelFields } from "./settings/ModelFields";
import { useSettingsForm } from "./settings/use-settings-form";
import { ToolsSection } from "./settings/ToolsSection";
import { UpdatesSection } from "./settings/UpdatesSection";
import { StorageSection } from "./settings/StorageSection";
import { ModelsSection } from "./settings/ModelsSection";
import { DesktopSection } from "./settings/DesktopSection";
import { LanguageSection } from "./settings/LanguageSection";

export function SettingsDialog() {
  const { settings, info, busy, error } = useAppStore(
    useShallow((s) => ({ settings: s.settings, info: s.info, busy: s.settingsBusy, error: s.settingsError })),
  );
  const { setOpen, save, chooseFolder } = useAppStore(
    useShallow((s) => ({ setOpen: s.setSettingsOpen, save: s.saveSettings, chooseFolder: s.chooseFolder })),
  );
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const close = () => setOpen(false);
  const form = useSettingsForm(settings, save, close);

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    firstField.current?.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog dialog--settings"
      aria-labelledby="settings-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <form
        className="dialog__body"
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        <DialogHead id="settings-title" title={t("settings.title")} closeLabel={t("settings.close")} onClose={close} />

        {settings?.problem && (
          <p className="form-error" role="status" data-testid="settings-problem">
            {settings.problem}
          </p>
        )}

        <ApiKeyField
          value={form.apiKey}
          onChange={form.setApiKey}
          hasApiKey={Boolean(settings?.hasApiKey)}
          busy={busy}
          onRemove={() => void save({ apiKey: "" })}
          inputRef={firstField}
        />
        <ModelFields model={form.model} onModel={form.setModel} systemPrompt={form.systemPrompt} onSystemPrompt={form.setSystemPrompt} />
        <FolderField value={form.folder} onChange={form.setFolder} busy={busy} onChoose={() => void chooseFolder()} />
        <PriceTableField />
        <UpdatesSection />

        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}

        <DialogActions info={info} busy={busy} onCancel={close} />
      </form>
      <ModelsSection onModel={form.setModel} />
      <StorageSection />
      <ToolsSection />
      <DesktopSection />
      <LanguageSection />
    </dialog>
  );
}

