/**
 * The quick-entry window: small, always on top, one message field (quick-entry.html), made at
 * its first use and then hidden and shown again, so a reply streaming there goes on while it
 * is hidden. Secure like the main window (window.ts): isolated, sandboxed, navigation refused.
 * Always on top and without a taskbar entry (https://www.electronjs.org/docs/latest/api/browser-window);
 * it hides when it loses the focus, as a launcher does, and on Escape (the page asks).
 */
import type { BrowserWindow, BrowserWindowConstructorOptions } from "electron";

export const QUICK_ENTRY_PATH = "quick-entry.html";

export interface QuickEntryWindowOptions {
  /** new BrowserWindow(options), guarded like the main window. */
  create(options: BrowserWindowConstructorOptions): BrowserWindow;
  url: string;
  /** The window's title until its page gives its own (the page's <title> wins once loaded), in the person's language. */
  title(): string;
}

export class QuickEntryWindow {
  private window: BrowserWindow | null = null;

  constructor(private readonly options: QuickEntryWindowOptions) {}

  /** The window while it exists (its requests are trusted like the main window's). */
  get current(): BrowserWindow | null {
    return this.window && !this.window.isDestroyed() ? this.window : null;
  }

  /** The shortcut: shows it (made at first use) and gives it the focus, or hides it when it is already in front. */
  toggle(): void {
    const window = this.current;
    if (window && window.isVisible() && window.isFocused()) return this.hide();
    this.show();
  }

  show(): void {
    const window = this.current ?? this.make();
    window.show();
    window.focus();
  }

  hide(): void {
    this.current?.hide();
  }

  destroy(): void {
    this.current?.destroy();
    this.window = null;
  }

  private make(): BrowserWindow {
    const window = this.options.create({
      width: 640,
      height: 380,
      show: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      resizable: true,
      minimizable: false,
      maximizable: false,
      fullscreenable: false,
      title: this.options.title(),
    });
    window.on("blur", () => this.hide());
    void window.loadURL(this.options.url);
    this.window = window;
    return window;
  }
}
