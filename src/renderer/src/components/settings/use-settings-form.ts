/**
 * The settings form's fields and what Save sends: only what changed (the key only when one
 * was typed), then the dialog closes; a refused save keeps it open with the error.
 */
import { useEffect, useState } from "react";
import type { SettingsView } from "../../../../shared/view-types";
import type { SettingsChanges } from "../../store/settings-slice";

export function useSettingsForm(settings: SettingsView | null, save: (changes: SettingsChanges) => Promise<boolean>, close: () => void) {
  const [apiKey, setApiKey] = useState("");
  const [model, setModel] = useState(settings?.model ?? "");
  const [systemPrompt, setSystemPrompt] = useState(settings?.systemPrompt ?? "");
  const [folder, setFolder] = useState(settings?.folder ?? "");

  // The native folder picker changes the setting directly; show what it chose.
  useEffect(() => setFolder(settings?.folder ?? ""), [settings?.folder]);

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

  return { apiKey, setApiKey, model, setModel, systemPrompt, setSystemPrompt, folder, setFolder, submit };
}
