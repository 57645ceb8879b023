/**
 * Where the service keeps the window's first screen (kept-first-screen.ts says what it is):
 * replaced atomically when the window sends a new one, removed when what it shows may no
 * longer be true (a conversation deleted: its title and words must not come back at the next
 * launch). A screen that still shows a conversation deleted since is refused: the window may have
 * drawn it while the deletion was on its way. A file written by a newer Alpine is left alone.
 */
import fs from "node:fs";
import { writeFileAtomicSync } from "../../agent";
import { FIRST_SCREEN_VERSION, firstScreenFile, isInertMarkup, type KeptFirstScreen, readFirstScreenFile } from "./kept-first-screen";
import { MAX_FIRST_SCREEN_CHARS } from "../../../shared/kept-first-screen";
import type { LanguageSetting } from "../../../shared/languages";

export interface FirstScreenToKeep {
  conversationId: string | null;
  stylesheets: string[];
  html: string;
  /** The language its words are in, and the setting it came from. */
  language?: string;
  setting?: LanguageSetting;
}

export class FirstScreenStore {
  readonly file: string;
  /** Whether a newer Alpine's file is there: read at the first keep or forget (not at start), never replaced or removed. */
  private newerFile: boolean | null = null;
  /** Conversations deleted while this service runs: no screen showing one is kept any more. */
  private readonly deleted = new Set<string>();

  constructor(dataFolder: string) {
    this.file = firstScreenFile(dataFolder);
  }

  private get newer(): boolean {
    return (this.newerFile ??= this.newerFileExists());
  }

  /** Keep `screen` for the next launch; false when it is not kept (too large, not inert, a newer file). */
  keep(screen: FirstScreenToKeep): boolean {
    if (screen.html.length > MAX_FIRST_SCREEN_CHARS || !isInertMarkup(screen.html) || this.showsDeleted(screen) || this.newer) {
      this.forget();
      return false;
    }
    const kept: KeptFirstScreen = { version: FIRST_SCREEN_VERSION, ...screen };
    writeFileAtomicSync(this.file, JSON.stringify(kept));
    return true;
  }

  /** A conversation was deleted: the screen kept is forgotten, and none showing it is kept again. */
  forgetConversation(id: string): void {
    this.deleted.add(id);
    this.forget();
  }

  /** No first screen at the next launch (until the window sends a new one). */
  forget(): void {
    if (this.newer) return;
    fs.rmSync(this.file, { force: true });
  }

  private showsDeleted(screen: FirstScreenToKeep): boolean {
    if (screen.conversationId !== null && this.deleted.has(screen.conversationId)) return true;
    // The window marks each conversation it draws (a sidebar row, the open conversation) with its id.
    for (const id of this.deleted) if (screen.html.includes(`data-conversation-id="${id}"`)) return true;
    return false;
  }

  private newerFileExists(): boolean {
    return readFirstScreenFile(this.file).status === "newer";
  }
}
