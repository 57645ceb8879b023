/**
 * The main process's language now, and its words: what the menus, the tray, dialogs,
 * notifications and the updater's messages are written in. `use` switches once the new
 * catalogue is loaded, then tells the listeners (the menus are made again at once); what is
 * shown later asks `now` and so speaks the new language, without a restart.
 */
import type { LanguageCode } from "../../../shared/languages";
import type { AppEventBus } from "../app-event-bus";
import { loadWords } from "./catalogues";
import { ENGLISH_WORDS, type Words } from "./words";

export class CurrentWords {
  private words: Words = ENGLISH_WORDS;
  private wanted: LanguageCode = "en";
  private pending: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(words: Words) => void>();

  get now(): Words {
    return this.words;
  }

  get language(): LanguageCode {
    return this.words.language;
  }

  /**
   * Speaks `language` from now on; resolves once it does (a later call wins over an earlier one
   * still loading). A catalogue that cannot be loaded leaves the words as they were, and says so in the log.
   */
  async use(language: LanguageCode): Promise<Words> {
    this.wanted = language;
    const loading = loadWords(language).catch((error: unknown) => {
      console.error(`The ${language} words of the main process could not be loaded (${(error as Error)?.message ?? String(error)}); it goes on in ${this.words.language}.`);
      return null;
    });
    this.pending = loading;
    const words = await loading;
    if (!words || this.wanted !== language || this.words === words) return this.words;
    this.words = words;
    for (const listener of [...this.listeners]) listener(words);
    return words;
  }

  /** The words once the language asked last is loaded (for what is said once, early: a start that failed). */
  async ready(): Promise<Words> {
    await this.pending;
    return this.words;
  }

  /** Called with the new words whenever the language changes; returns what stops it. */
  onChange(listener: (words: Words) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/** What speaks the language and must say again what it already said when the language changes. */
export interface Rewordable {
  refresh(): void;
}

/**
 * The service's words follow the language: the setting's at the start, then each
 * `language_changed`; once switched, what the window already shows in words of the main
 * process (the updater's message, a shortcut's problem) is said again. `words`: the app's own
 * (its menus follow the same object), else a new one.
 */
export function followLanguage(words: CurrentWords | undefined, bus: AppEventBus, language: () => LanguageCode, reworded: Rewordable[]): CurrentWords {
  const current = words ?? new CurrentWords();
  void current.use(language());
  bus.on((event) => {
    if (event.type === "language_changed") void current.use(event.language);
  });
  current.onChange(() => {
    for (const part of reworded) part.refresh();
  });
  return current;
}
