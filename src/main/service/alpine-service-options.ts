/** How the service is made: its data folder, secrets, and what the app or a test gives it. */
import type { Tool } from "../agent";
import type { ServerLaunch } from "../mcp";
import type { ModelClientOptions } from "./models/model-client";
import type { SecretKeeper } from "./settings/secret-keeper";
import type { CurrentWords } from "./words/current-words";
import type { FolderChooser } from "./settings/settings";
import type { ServerStoreOptions } from "./storage/connect-server";
import type { ExportFileChooser, ImportFileChooser } from "./transfer/transfer-service";

export interface AlpineServiceOptions {
  /** Where the database and the settings file live (the app's user-data folder). */
  dataFolder: string;
  secrets: SecretKeeper;
  /** The model client's base URL and retries (tests point it at the scripted model server). */
  model?: ModelClientOptions;
  /** A native folder dialog in the app; without one, `settings:chooseFolder` explains what to do. */
  chooseFolder?: FolderChooser;
  appVersion?: string;
  /** How long shutdown waits for aborted runs to save (default 10 s). */
  shutdownBoundMs?: number;
  /** A better-sqlite3 native module built for the running ABI (Electron run from source). */
  sqliteBinding?: string;
  /** Native save and open dialogs for export and import; without them exports go to the data folder's exports/ and imports need a path. */
  chooseExportFile?: ExportFileChooser;
  chooseImportFile?: ImportFileChooser;
  /** Tools offered to the model besides the built-in ones (a test host adds a slow one to interrupt). */
  extraTools?: Tool[];
  /** The system's open dialog for an MCP Bundle (.mcpb); without it `tools:openBundle` needs a path. */
  chooseBundleFile?: () => Promise<string | null>;
  /** Where MCP env values and headers are kept, encrypted in the app (in memory by default). */
  mcpSecrets?: SecretKeeper;
  /** Restart backoff and start timeout of MCP servers (tests shorten them). */
  mcpConnection?: { backoffMs?: number; startTimeoutMs?: number; maxAttempts?: number };
  /** How stdio MCP servers are started: the app gives guards on utility processes and the login shell's environment (default: Node child processes, the app's environment). */
  mcpLaunch?: ServerLaunch;
  /** Where the PostgreSQL server's password is kept, encrypted in the app (in memory by default). */
  storageSecrets?: SecretKeeper;
  /** Where the added model providers' keys are kept, encrypted in the app (in memory by default). */
  providerSecrets?: SecretKeeper;
  /** Connection timeout and lease duration on a PostgreSQL server (tests shorten them). */
  server?: ServerStoreOptions;
  /** Start the configured MCP servers in the background right away (default true). */
  startMcpServers?: boolean;
  /** When the MCP servers start if no window said its first screen was shown before (default 3 s); a run starts them at once. */
  mcpStartDelayMs?: number;
  /**
   * The system's preferred languages, most preferred first: what the language setting "system"
   * means (the app gives Electron's app.getPreferredSystemLanguages(); default: the process's locale).
   */
  systemLanguages?: () => readonly string[];
  /** The main process's words, shared with the app's menus (default: the service's own, following the setting). */
  words?: CurrentWords;
  /** How long after the service starts an unclean shutdown's database check runs (default 3 s). */
  databaseCheckDelayMs?: number;
}
