/**
 * The language as the window keeps it: a choice in Settings goes to main, and only once it is
 * saved does the window switch (acknowledged when durable); the switch itself waits only for the
 * new catalogue, never for a restart. Another window's choice comes as a `language_changed`
 * event and is shown here too.
 */
import type { StateCreator } from "zustand";
import type { AppEvent } from "../../../shared/ipc-contract";
import { type LanguageSetting, resolveLanguage } from "../../../shared/languages";
import { api } from "../api/current-api";
import { emitAppEvent } from "../app-events";
import { switchLanguage } from "../i18n/apply-language";
import { browserLanguages } from "../i18n/early-language";
import { describeError } from "../lib/describe-error";
import type { AppState } from "./app-store";

export interface LanguageSlice {
  /** Why the last choice was not applied; null when it was. */
  languageError: string | null;
  /** Saves the choice, then shows it; true once both are done. */
  changeLanguage(setting: LanguageSetting): Promise<boolean>;
  /** Shows the language another window (or this one) chose. */
  followLanguage(event: Extract<AppEvent, { type: "language_changed" }>): void;
}

export const createLanguageSlice: StateCreator<AppState, [], [], LanguageSlice> = (set, get) => {
  /** The system's languages from the app; the browser's in the test host. */
  const resolve = (setting: LanguageSetting) => resolveLanguage(setting, get().info?.systemLanguages ?? browserLanguages());
  const show = (setting: LanguageSetting) =>
    switchLanguage(resolve(setting), setting).catch((error: unknown) => set({ languageError: describeError(error) }));
  return {
    languageError: null,
    async changeLanguage(setting) {
      set({ languageError: null });
      try {
        const settings = await api().request("settings:set", { language: setting });
        set({ settings });
        emitAppEvent("settings-saved", { language: settings.language });
      } catch (error) {
        set({ languageError: describeError(error) });
        return false;
      }
      await show(setting);
      return get().languageError === null;
    },
    followLanguage(event) {
      const settings = get().settings;
      if (settings && settings.language !== event.setting) set({ settings: { ...settings, language: event.setting } });
      void show(event.setting);
    },
  };
};
