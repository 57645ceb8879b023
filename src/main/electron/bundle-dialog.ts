/**
 * The native open dialog for an MCP Bundle (Settings → Tools → Install bundle…), attached
 * to the window when there is one; null when the person cancels. `filters` limits the
 * choice to bundle files: https://www.electronjs.org/docs/latest/api/dialog#dialogshowopendialogwindow-options
 */
import { type BrowserWindow, dialog } from "electron";

export function bundleFileChooser(window: () => BrowserWindow | null): () => Promise<string | null> {
  return async () => {
    const options = {
      title: "Install an MCP Bundle",
      properties: ["openFile" as const],
      filters: [{ name: "MCP Bundle", extensions: ["mcpb", "dxt"] }],
    };
    const parent = window();
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
}
