/**
 * The app's service on the user-data folder, with its secrets kept by safeStorage and the
 * native dialogs. main.ts loads this file by `import()` after it has created the window, so
 * the window loads while the service's code is compiled and its database opened.
 */
import path from "node:path";
import { app, dialog, utilityProcess, type BrowserWindow } from "electron";
import { openService, type OpenedService } from "../service/open-service";
import type { CurrentWords } from "../service/words/current-words";
import { SafeStorageSecretKeeper, withEnvironmentFallback } from "./secrets";
import { sqliteBindingFor } from "./sqlite-binding";
import { exportFileChooser, importFileChooser } from "./transfer-dialogs";
import { bundleFileChooser } from "./bundle-dialog";
import { appServerLaunch } from "./utility-guard-launcher";

const API_KEY_FILE = "api-key.bin";
/** MCP servers' env values and headers, encrypted like the API key. */
const MCP_SECRETS_FILE = "mcp-secrets.bin";
/** The PostgreSQL server's password (Settings → Storage), encrypted like the API key. */
const STORAGE_SECRETS_FILE = "storage-password.bin";
/** The keys of the providers added in Settings → Models (OpenAI, OpenRouter...), encrypted like the API key. */
const PROVIDER_KEYS_FILE = "provider-keys.bin";

export interface AppService extends OpenedService {
  /** Writes the secrets kept in memory (the shutdown joins it). */
  flushSecrets(): Promise<void>;
}

/**
 * Opens the secrets, then the service; throws a clear error when it cannot (a database it cannot read, ...).
 * `words`: the app's language, which the service follows from now on and the dialogs speak.
 */
export async function openAppService(dataFolder: string, getWindow: () => BrowserWindow | null, words: CurrentWords): Promise<AppService> {
  const secrets = await SafeStorageSecretKeeper.open(path.join(dataFolder, API_KEY_FILE));
  const mcpSecrets = await SafeStorageSecretKeeper.open(path.join(dataFolder, MCP_SECRETS_FILE));
  const storageSecrets = await SafeStorageSecretKeeper.open(path.join(dataFolder, STORAGE_SECRETS_FILE));
  const providerSecrets = await SafeStorageSecretKeeper.open(path.join(dataFolder, PROVIDER_KEYS_FILE));
  const opened = openService({
    dataFolder,
    secrets: withEnvironmentFallback(secrets),
    mcpSecrets,
    storageSecrets,
    providerSecrets,
    appVersion: app.getVersion(),
    words,
    // What the language setting "system" means, most preferred first:
    // https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages
    systemLanguages: () => app.getPreferredSystemLanguages(),
    sqliteBinding: sqliteBindingFor(app.isPackaged),
    // Stdio MCP servers: guards on utility processes (the runAsNode fuse is off), PATH from the login shell.
    mcpLaunch: appServerLaunch((...args) => utilityProcess.fork(...args), app.getAppPath()),
    chooseFolder: async () => {
      const options = { title: words.now.t("dialog.chooseFolder"), properties: ["openDirectory" as const] };
      const window = getWindow();
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    chooseExportFile: exportFileChooser(getWindow, () => words.now),
    chooseImportFile: importFileChooser(getWindow, () => words.now),
    chooseBundleFile: bundleFileChooser(getWindow, () => words.now),
  });
  return { ...opened, flushSecrets: () => Promise.all([secrets.flush(), mcpSecrets.flush(), storageSecrets.flush(), providerSecrets.flush()]).then(() => undefined) };
}
