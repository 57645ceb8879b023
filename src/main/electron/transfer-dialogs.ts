/**
 * The native save and open dialogs of export and import, attached to the window when
 * there is one. Each answers null when the person cancels.
 */
import { type BrowserWindow, dialog } from "electron";

export function exportFileChooser(window: () => BrowserWindow | null): (defaultName: string) => Promise<string | null> {
  return async (defaultName) => {
    const json = defaultName.endsWith(".json");
    const options = {
      title: "Export conversations",
      defaultPath: defaultName,
      filters: [json ? { name: "Alpine JSON", extensions: ["json"] } : { name: "Markdown", extensions: ["md"] }],
    };
    const parent = window();
    const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
    return result.canceled ? null : (result.filePath ?? null);
  };
}

export function importFileChooser(window: () => BrowserWindow | null): () => Promise<string | null> {
  return async () => {
    const options = {
      title: "Import conversations (Alpine JSON, ChatGPT or Claude.ai conversations.json)",
      properties: ["openFile" as const],
      filters: [{ name: "JSON", extensions: ["json"] }],
    };
    const parent = window();
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
}
