/**
 * The application menu, as a template: the macOS app menu, Edit, View (zoom), Window, and
 * Help. Reload and the developer tools exist only when the app runs from source: in a
 * packaged build no menu item or shortcut reloads the window (which would drop what is
 * being typed) or opens the developer tools. Types only from electron, so the packaging
 * checks can read it without the Electron binary.
 */
import type { MenuItemConstructorOptions } from "electron";

export interface MenuOptions {
  appName: string;
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** "Check for Updates…": the update service's check; without it, no such item. */
  onCheckForUpdates?: () => void;
}

type Item = MenuItemConstructorOptions;
const separator: Item = { type: "separator" };

export function applicationMenuTemplate(options: MenuOptions): Item[] {
  const mac = options.platform === "darwin";
  const check = options.onCheckForUpdates;
  const checkForUpdates: Item[] = check ? [{ id: "check-for-updates", label: "Check for Updates…", click: () => check() }] : [];
  const menus: Item[] = [];
  if (mac) menus.push(macAppMenu(options.appName, checkForUpdates));
  else menus.push({ role: "fileMenu", label: "File", submenu: [{ role: "quit" }] });
  menus.push(editMenu(mac), viewMenu(options.isPackaged), windowMenu(mac));
  if (!mac && checkForUpdates.length > 0) menus.push({ role: "help", label: "Help", submenu: checkForUpdates });
  return menus;
}

function macAppMenu(appName: string, checkForUpdates: Item[]): Item {
  return {
    role: "appMenu",
    label: appName,
    submenu: [
      { role: "about" },
      ...checkForUpdates,
      separator,
      { role: "services" },
      separator,
      { role: "hide" },
      { role: "hideOthers" },
      { role: "unhide" },
      separator,
      { role: "quit" },
    ],
  };
}

function editMenu(mac: boolean): Item {
  const submenu: Item[] = [{ role: "undo" }, { role: "redo" }, separator, { role: "cut" }, { role: "copy" }, { role: "paste" }];
  if (mac) submenu.push({ role: "pasteAndMatchStyle" });
  submenu.push({ role: "delete" }, separator, { role: "selectAll" });
  return { role: "editMenu", label: "Edit", submenu };
}

function viewMenu(isPackaged: boolean): Item {
  const submenu: Item[] = [{ role: "resetZoom" }, { role: "zoomIn" }, { role: "zoomOut" }, separator, { role: "togglefullscreen" }];
  if (!isPackaged) submenu.push(separator, { role: "reload" }, { role: "forceReload" }, { role: "toggleDevTools" });
  return { role: "viewMenu", label: "View", submenu };
}

function windowMenu(mac: boolean): Item {
  const submenu: Item[] = mac
    ? [{ role: "minimize" }, { role: "zoom" }, separator, { role: "front" }]
    : [{ role: "minimize" }, { role: "close" }];
  return { role: "windowMenu", label: "Window", submenu };
}

/** Every item of a template, submenus included (for checks). */
export function menuItems(template: Item[]): Item[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? menuItems(item.submenu) : [])]);
}
