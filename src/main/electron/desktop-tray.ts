/**
 * The tray (menu bar) icon with its menu (tray-menu-template.ts), rebuilt whenever what runs
 * or waits changes: Linux shows a changed menu only once it is set again
 * (https://www.electronjs.org/docs/latest/api/tray#traysetcontextmenumenu). Shown by default
 * on Windows and Linux and by choice on macOS (the `tray` setting); created and removed as
 * the setting changes (https://www.electronjs.org/docs/latest/api/tray). Made again at once in
 * the new language when the language changes (`refresh`).
 */
import { type DesktopSettings, trayShown } from "../../shared/desktop-types";
import type { Attention, AttentionSnapshot } from "../service/attention/attention";
import type { Words } from "../service/words/words";
import { type TrayAction, trayMenuTemplate, trayTooltip } from "./tray-menu-template";

/** What this needs of Electron's Tray. */
export interface TrayLike {
  setContextMenu(menu: unknown): void;
  setToolTip(text: string): void;
  destroy(): void;
  on(event: "click", listener: () => void): unknown;
}

export interface TrayWiring {
  createTray(): TrayLike;
  buildMenu(template: ReturnType<typeof trayMenuTemplate>): unknown;
  attention: Attention;
  platform: NodeJS.Platform;
  act(action: TrayAction): void;
  /** Whether the quick-entry window can be opened (its shortcut may be off; the tray still opens it). */
  quickEntry: boolean;
  /** The language the menu and tooltip speak now. */
  words(): Words;
}

export class DesktopTray {
  private tray: TrayLike | null = null;
  private settings: DesktopSettings | null = null;
  private readonly offChange: () => void;

  constructor(private readonly wiring: TrayWiring) {
    this.offChange = wiring.attention.onChange((snapshot) => this.update(snapshot));
  }

  get shown(): boolean {
    return this.tray !== null;
  }

  /** Closing the main window leaves runs going only when the person chose it and the tray is there to come back by. */
  keepsRunning(): boolean {
    return this.shown && this.settings?.keepRunningInTray === true;
  }

  /** Shows or removes the icon as the settings say. */
  apply(settings: DesktopSettings): void {
    this.settings = settings;
    const wanted = trayShown(settings, this.wiring.platform);
    if (wanted && !this.tray) {
      this.tray = this.wiring.createTray();
      // Windows and Linux: a click on the icon brings the window; the menu is on the other button (Linux: any click shows it).
      this.tray.on("click", () => this.wiring.act({ kind: "show" }));
      this.update(this.wiring.attention.snapshot());
    } else if (!wanted && this.tray) {
      this.tray.destroy();
      this.tray = null;
    }
  }

  /** The language changed: the menu and tooltip are made again in it. */
  refresh(): void {
    this.update(this.wiring.attention.snapshot());
  }

  destroy(): void {
    this.offChange();
    this.tray?.destroy();
    this.tray = null;
  }

  private update(snapshot: AttentionSnapshot): void {
    if (!this.tray) return;
    const words = this.wiring.words();
    this.tray.setContextMenu(this.wiring.buildMenu(trayMenuTemplate(snapshot, this.wiring.act, { quickEntry: this.wiring.quickEntry, words })));
    this.tray.setToolTip(trayTooltip(snapshot, words));
  }
}
