/** Installs the application menu of app-menu-template.ts in place of Electron's default one. */
import { Menu } from "electron";
import { applicationMenuTemplate, type MenuOptions } from "./app-menu-template";

export function installApplicationMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)));
}
