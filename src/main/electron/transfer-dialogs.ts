/**
 * The native save and open dialogs of export and import, attached to the window when
 * there is one. Each answers null when the person cancels. Titled in the person's language
 * as it is when the dialog opens.
 */
import { type BrowserWindow, dialog } from "electron";
import type { Words } from "../service/words/words";

export function exportFileChooser(window: () => BrowserWindow | null, words: () => Words): (defaultName: string) => Promise<string | null> {
  return async (defaultName) => {
    const json = defaultName.endsWith(".json");
    const now = words();
    const options = {
      title: now.t("dialog.exportConversations"),
      defaultPath: defaultName,
      filters: [json ? { name: now.t("dialog.fileType.alpineJson"), extensions: ["json"] } : { name: now.t("dialog.fileType.markdown"), extensions: ["md"] }],
    };
    const parent = window();
    const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
    return result.canceled ? null : (result.filePath ?? null);
  };
}

export function importFileChooser(window: () => BrowserWindow | null, words: () => Words): () => Promise<string | null> {
  return async () => {
    const now = words();
    const options = {
      title: now.t("dialog.importConversations"),
      properties: ["openFile" as const],
      filters: [{ name: now.t("dialog.fileType.json"), extensions: ["json"] }],
    };
    const parent = window();
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
}
