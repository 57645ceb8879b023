/**
 * Settings: the API key (write-only: the window only learns whether one is set), the
 * model, the system prompt, and the working folder for the file tools.
 */
import { useEffect, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useAppStore } from "../store/app-store";
import type { SettingsChanges } from "../store/settings-slice";
import { CloseIcon, FolderIcon } from "./icons";
import { KeyStorageField } from "./KeyStorageField";

export function SettingsDialog() {
  const { settings, info, busy, error } = useAppStore(
    useShallow((s) => ({ settings: s.settings, info: s.info, busy: s.settingsBusy, error: s.settingsError })),
  );
  const { setOpen, save, chooseFolder } = useAppStore(
    useShallow((s) => ({ setOpen: s.setSettingsOpen, save: s.saveSettings, chooseFolder: s.chooseFolder })),
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const [apiKey, setApiKey] = useState("");
  const [model, setModel] = useState(settings?.model ?? "");
  const [systemPrompt, setSystemPrompt] = useState(settings?.systemPrompt ?? "");
  const [folder, setFolder] = useState(settings?.folder ?? "");

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    firstField.current?.focus();
    return () => element.close();
  }, []);

  // The native folder picker changes the setting directly; show what it chose.
  useEffect(() => setFolder(settings?.folder ?? ""), [settings?.folder]);

  const close = () => setOpen(false);

  const submit = async () => {
    const changes: SettingsChanges = {};
    if (model.trim() && model.trim() !== settings?.model) changes.model = model.trim();
    if (systemPrompt !== settings?.systemPrompt) changes.systemPrompt = systemPrompt;
    const nextFolder = folder.trim() || null;
    if (nextFolder !== (settings?.folder ?? null)) changes.folder = nextFolder;
    if (apiKey.trim()) changes.apiKey = apiKey.trim();
    if (Object.keys(changes).length === 0 || (await save(changes))) {
      setApiKey("");
      close();
    }
  };

  const removeKey = async () => {
    await save({ apiKey: "" });
  };

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
          void submit();
        }}
      >
        <div className="dialog__head">
          <h2 id="settings-title" className="dialog__title">
            Settings
          </h2>
          <button type="button" className="icon-button" aria-label="Close settings" onClick={close}>
            <CloseIcon />
          </button>
        </div>

        {settings?.problem && (
          <p className="form-error" role="status" data-testid="settings-problem">
            {settings.problem}
          </p>
        )}

        <div className="field">
          <label htmlFor="settings-key" className="field__label">
            Anthropic API key
          </label>
          <div className="field__row">
            <input
              ref={firstField}
              id="settings-key"
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={settings?.hasApiKey ? "•••••••••••• (set; type to replace)" : "sk-ant-…"}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              aria-describedby="settings-key-status"
            />
            {settings?.hasApiKey && (
              <button type="button" className="button button--ghost" onClick={() => void removeKey()} disabled={busy}>
                Remove
              </button>
            )}
          </div>
          <p id="settings-key-status" className={`field__note ${settings?.hasApiKey ? "field__note--ok" : "field__note--warn"}`} data-has-key={settings?.hasApiKey ? "yes" : "no"}>
            {settings?.hasApiKey
              ? "A key is set. It is never shown again."
              : "No key is set. Paste one from console.anthropic.com; Alpine cannot answer without it."}
          </p>
          <KeyStorageField />
        </div>

        <div className="field">
          <label htmlFor="settings-model" className="field__label">
            Model
          </label>
          <input id="settings-model" className="input" value={model} onChange={(e) => setModel(e.target.value)} spellCheck={false} required maxLength={200} />
        </div>

        <div className="field">
          <label htmlFor="settings-system" className="field__label">
            System prompt
          </label>
          <textarea id="settings-system" className="input input--area" rows={4} value={systemPrompt} onChange={(e) => setSystemPrompt(e.target.value)} maxLength={50_000} />
          <p className="field__note">Tells the model how to behave in every conversation. It applies from the next reply.</p>
        </div>

        <div className="field">
          <label htmlFor="settings-folder" className="field__label">
            Working folder
          </label>
          <div className="field__row">
            <input
              id="settings-folder"
              className="input"
              value={folder}
              onChange={(e) => setFolder(e.target.value)}
              placeholder="No folder: the file tools are off"
              spellCheck={false}
              maxLength={4096}
            />
            <button type="button" className="button button--secondary" onClick={() => void chooseFolder()} disabled={busy}>
              <FolderIcon />
              Choose…
            </button>
          </div>
          <p className="field__note">Alpine can list, read and search files here. It asks you before writing anything.</p>
        </div>

        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}

        <div className="dialog__actions">
          {info && (
            <span className="dialog__info" title={info.dataFolder}>
              Alpine {info.version} · data in {info.dataFolder}
            </span>
          )}
          <button type="button" className="button button--ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
