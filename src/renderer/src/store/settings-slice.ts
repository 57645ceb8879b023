/** Settings and facts about the app: the model, the system prompt, the folder, whether a key is set. */
import type { StateCreator } from "zustand";
import type { AppInfo, ConversationSummary, InterruptedRuns, SettingsView } from "../../../shared/view-types";
import type { AppState } from "./app-store";
import { api } from "../api/current-api";
import { describeError } from "../lib/describe-error";
import { emitAppEvent } from "../app-events";
import { interruptedAfterChange } from "./interrupted-runs";

export interface SettingsChanges {
  model?: string;
  systemPrompt?: string;
  folder?: string | null;
  /** Left out: keep the key. An empty string clears it. */
  apiKey?: string;
}

export interface SettingsSlice {
  info: AppInfo | null;
  settings: SettingsView | null;
  settingsOpen: boolean;
  settingsError: string | null;
  settingsBusy: boolean;
  /** Conversations whose last run was cut short, shown at launch until dismissed; null: none. */
  interrupted: InterruptedRuns | null;
  dismissInterrupted(): void;
  /** A conversation changed (`summary`) or was deleted (null): the notice keeps only those still interrupted. */
  applyInterruptedChange(id: string, summary: ConversationSummary | null): void;
  setSettingsOpen(open: boolean): void;
  saveSettings(changes: SettingsChanges): Promise<boolean>;
  chooseFolder(): Promise<void>;
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set, get) => ({
  info: null,
  settings: null,
  settingsOpen: false,
  settingsError: null,
  settingsBusy: false,
  interrupted: null,

  dismissInterrupted() {
    set({ interrupted: null });
  },

  applyInterruptedChange(id, summary) {
    const before = get().interrupted;
    const after = interruptedAfterChange(before, id, summary);
    if (after === before) return;
    if (after !== "unknown") return set({ interrupted: after });
    void api()
      .request("conversations:interrupted", {})
      .then((found) => get().interrupted && set({ interrupted: found.count > 0 ? found : null }))
      .catch(() => undefined); // the notice stays as it was
  },

  setSettingsOpen(open) {
    set({ settingsOpen: open, settingsError: null });
    emitAppEvent(open ? "settings-opened" : "settings-closed");
  },

  async saveSettings(changes) {
    set({ settingsBusy: true, settingsError: null });
    try {
      const { apiKey, ...rest } = changes;
      let settings = get().settings;
      if (Object.keys(rest).length) settings = await api().request("settings:set", rest);
      if (apiKey !== undefined) settings = await api().request("settings:setApiKey", { apiKey });
      set((s) => ({
        settings,
        settingsBusy: false,
        info: s.info && settings ? { ...s.info, hasApiKey: settings.hasApiKey } : s.info,
      }));
      emitAppEvent("settings-saved", { hasApiKey: settings?.hasApiKey ?? false, model: settings?.model });
      return true;
    } catch (error) {
      set({ settingsBusy: false, settingsError: describeError(error) });
      return false;
    }
  },

  async chooseFolder() {
    try {
      const settings = await api().request("settings:chooseFolder", {});
      set({ settings });
      emitAppEvent("folder-chosen", { folder: settings.folder });
    } catch (error) {
      set({ settingsError: describeError(error) });
    }
  },
});
