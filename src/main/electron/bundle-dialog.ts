/**
 * The native open dialog for an MCP Bundle (Settings → Tools → Install bundle…), attached
 * to the window when there is one; null when the person cancels. `filters` limits the
 * choice to bundle files: https://www.electronjs.org/docs/latest/api/dialog#dialogshowopendialogwindow-options
 */
import { type BrowserWindow, dialog } from "electron";
import type { Words } from "../service/words/words";

/** `words`: the person's language when the dialog opens. */
export function bundleFileChooser(window: () => BrowserWindow | null, words: () => Words): () => Promise<string | null> {
  return async () => {
    const now = words();
    const options = {
      title: now.t("dialog.installBundle"),
      properties: ["openFile" as const],
      filters: [{ name: now.t("dialog.fileType.bundle"), extensions: ["mcpb", "dxt"] }],
    };
    const parent = window();
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
}
