/**
 * The application menu, as a template: the macOS app menu, Edit, View (zoom), Window, and
 * Help. Reload and the developer tools exist only when the app runs from source: in a
 * packaged build no menu item or shortcut reloads the window (which would drop what is
 * being typed) or opens the developer tools. Types only from electron, so the packaging
 * checks can read it without the Electron binary.
 *
 * Every item is labelled from the main process's catalogue, roles included: Electron's own
 * role labels are English (a role keeps its action and a label given with it is shown:
 * https://www.electronjs.org/docs/latest/api/menu-item#roles). Made again when the language
 * changes (app-menu.ts).
 */
import type { MenuItemConstructorOptions } from "electron";
import type { WordKey, Words } from "../service/words/words";

export interface MenuOptions {
  appName: string;
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** The language the menu speaks. */
  words: Words;
  /** "Check for Updates…": the update service's check; without it, no such item. */
  onCheckForUpdates?: () => void;
}

type Item = MenuItemConstructorOptions;
type Role = NonNullable<Item["role"]>;
const separator: Item = { type: "separator" };

export function applicationMenuTemplate(options: MenuOptions): Item[] {
  const { words, platform } = options;
  const mac = platform === "darwin";
  const role = (name: Role, key: WordKey): Item => ({ role: name, label: words.t(key, { appName: options.appName }) });
  const check = options.onCheckForUpdates;
  const checkForUpdates: Item[] = check ? [{ id: "check-for-updates", label: words.t("menu.checkForUpdates"), click: () => check() }] : [];
  const menus: Item[] = [];
  if (mac) menus.push(macAppMenu(role, options.appName, checkForUpdates));
  else menus.push({ ...role("fileMenu", "menu.file"), submenu: [role("quit", platform === "win32" ? "menu.exit" : "menu.quit")] });
  menus.push(editMenu(role, mac), viewMenu(role, options.isPackaged), windowMenu(role, mac));
  if (!mac && checkForUpdates.length > 0) menus.push({ ...role("help", "menu.help"), submenu: checkForUpdates });
  return menus;
}

type RoleItem = (name: Role, key: WordKey) => Item;

function macAppMenu(role: RoleItem, appName: string, checkForUpdates: Item[]): Item {
  return {
    role: "appMenu",
    label: appName,
    submenu: [
      role("about", "menu.about"),
      ...checkForUpdates,
      separator,
      role("services", "menu.services"),
      separator,
      role("hide", "menu.hide"),
      role("hideOthers", "menu.hideOthers"),
      role("unhide", "menu.showAll"),
      separator,
      role("quit", "menu.quitApp"),
    ],
  };
}

function editMenu(role: RoleItem, mac: boolean): Item {
  const submenu: Item[] = [role("undo", "menu.undo"), role("redo", "menu.redo"), separator, role("cut", "menu.cut"), role("copy", "menu.copy"), role("paste", "menu.paste")];
  if (mac) submenu.push(role("pasteAndMatchStyle", "menu.pasteAndMatchStyle"));
  submenu.push(role("delete", "menu.delete"), separator, role("selectAll", "menu.selectAll"));
  return { ...role("editMenu", "menu.edit"), submenu };
}

function viewMenu(role: RoleItem, isPackaged: boolean): Item {
  const submenu: Item[] = [role("resetZoom", "menu.resetZoom"), role("zoomIn", "menu.zoomIn"), role("zoomOut", "menu.zoomOut"), separator, role("togglefullscreen", "menu.toggleFullScreen")];
  if (!isPackaged) submenu.push(separator, role("reload", "menu.reload"), role("forceReload", "menu.forceReload"), role("toggleDevTools", "menu.toggleDevTools"));
  return { ...role("viewMenu", "menu.view"), submenu };
}

function windowMenu(role: RoleItem, mac: boolean): Item {
  const submenu: Item[] = mac
    ? [role("minimize", "menu.minimize"), role("zoom", "menu.zoom"), separator, role("front", "menu.front")]
    : [role("minimize", "menu.minimize"), role("close", "menu.close")];
  return { ...role("windowMenu", "menu.window"), submenu };
}

/** Every item of a template, submenus included (for checks). */
export function menuItems(template: Item[]): Item[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? menuItems(item.submenu) : [])]);
}
