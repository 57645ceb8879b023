/**
 * The quick-entry window's global shortcut (https://www.electronjs.org/docs/latest/api/global-shortcut):
 * `globalShortcut.register` returns false when another app holds the shortcut (or the system
 * keeps it), and throws for an accelerator it cannot read; either way the person is told
 * through the service's desktop status, never only in a log. Registered again when the
 * setting changes; unregistered at quit.
 */
import type { DesktopStatusKeeper } from "../service/desktop-status";

/** What this needs of Electron's globalShortcut. */
export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export class QuickEntryShortcut {
  private registered: string | null = null;

  constructor(
    private readonly globalShortcut: GlobalShortcutLike,
    private readonly status: DesktopStatusKeeper,
    private readonly onPress: () => void,
    private readonly platform: NodeJS.Platform,
  ) {}

  get current(): string | null {
    return this.registered;
  }

  /** Registers `accelerator` in place of the one registered now ("" registers none). */
  use(accelerator: string): void {
    if (accelerator === this.registered) return;
    this.release();
    if (accelerator === "") return this.status.setShortcut(null, null);
    let ok = false;
    let detail: string | null = null;
    try {
      ok = this.globalShortcut.register(accelerator, this.onPress);
    } catch (error) {
      detail = (error as Error)?.message ?? String(error);
    }
    if (ok) {
      this.registered = accelerator;
      return this.status.setShortcut(accelerator, null);
    }
    const shown = this.platform === "darwin" ? accelerator.replace(/\bAlt\b/g, "Option") : accelerator;
    // Put in words by the status keeper, in the person's language.
    this.status.setShortcut(null, { shortcut: shown, detail });
  }

  release(): void {
    if (this.registered) this.globalShortcut.unregister(this.registered);
    this.registered = null;
  }
}
