/**
 * The app without Electron: conversations, runs and settings over one SQLite database
 * in the data folder, with one stream of app events. The Electron layer and the test
 * host both create it and carry its requests and events to a window.
 */
import path from "node:path";
import type { AppInfo, LaunchView, SettingsView } from "../../shared/view-types";
import { ASK_TOOL, FINISH_TOOL, type HistoryEntry, type SqliteStore } from "../agent";
import { AppEventBus } from "./app-event-bus";
import type { AlpineServiceOptions } from "./alpine-service-options";
import { ensurePrivateFolder } from "../agent";
import { DATABASE_FILE_NAME, openConversationStore } from "./conversations/conversation-store";
import { SwitchableStore } from "./storage/switchable-store";
import { StorageService } from "./storage/storage-service";
import { StorageFile } from "./storage/storage-file";
import { isServerUnusable } from "./storage/connect-server";
import { Branching } from "./branches/branching";
import { Conversations } from "./conversations/conversations";
import { Runs } from "./runs/runs";
import { ServiceGate } from "./service-gate";
import { SettingsService } from "./settings/settings";
import { SettingsFile } from "./settings/settings-file";
import { builtInTools } from "./tools";
import { Attachments } from "./attachments/attachments";
import { ModelList } from "./models/models";
import { PriceFile, usageTotals } from "./models/prices";
import { optionsView } from "./conversations/conversation-options";
import { ConversationNotFoundError } from "./service-errors";
import { FirstScreenStore } from "./first-screen/first-screen-store";
import { WindowStateFile } from "./window-state";
import { KeyWaitFile } from "./runs/key-wait";
import { McpService } from "./mcp/mcp-service";
import { MemorySecretKeeper } from "./settings/secret-keeper";
import { ProvidersService } from "./providers/providers-service";
import { ProvidersFile } from "./providers/providers-file";
import { ProviderKeys } from "./providers/provider-keys";
import { DatabaseBackups } from "./database-backups";
import { UpdateService } from "./updates/update-service";
import { Transfer } from "./transfer/transfer-service";
import { DamagedConversations } from "./damage/damaged-conversations";
import { DatabaseHealth } from "./damage/database-health";
import { readFirstScreenAhead } from "./first-screen/first-screen-reads";
import { installationApprovalKey } from "./approvals/installation-key";
import { askChecksFor } from "./conversations/conversation-view";
import { DeepLinks } from "./deep-links/deep-links";
import { Attention } from "./attention/attention";
import { DesktopStatusKeeper } from "./desktop-status";
import { type CurrentWords, followLanguage } from "./words/current-words";

/** How long after the start the background work begins when no window said its first screen was shown. */
const AFTER_START_MS = 3_000;
/** How long a window that asked for its first screen has to say it is shown before the background work starts anyway. */
const WINDOW_GRACE_MS = 15_000;

export type { AlpineServiceOptions } from "./alpine-service-options";

export class AlpineService {
  readonly events = new AppEventBus();
  readonly conversations: Conversations;
  readonly runs: Runs;
  readonly branching: Branching;
  readonly settings: SettingsService;
  readonly attachments: Attachments;
  readonly models: ModelList;
  /** Settings → Models: the providers added besides Anthropic. */
  readonly providers: ProvidersService;
  readonly prices: PriceFile;
  readonly windowState: WindowStateFile;
  readonly firstScreen: FirstScreenStore;
  readonly mcp: McpService;
  readonly updates: UpdateService;
  readonly backups: DatabaseBackups;
  readonly transfer: Transfer;
  readonly storage: StorageService;
  readonly damaged: DamagedConversations;
  readonly health: DatabaseHealth;
  /** alpine:// links received from the system, checked and kept for the window (its lookups run only once a link comes). */
  readonly deepLinks = new DeepLinks({ bus: this.events, assertConversation: (id) => this.conversations.get(id, 1), serverNames: () => this.mcp.view().servers.map((s) => s.name) });
  /** What runs and what waits for the person: notifications, the badge, the tray (settings read at each event). */
  readonly attention = new Attention(this.events, () => this.settings.current().desktop, () => this.words.now);
  readonly desktopStatus = new DesktopStatusKeeper(this.events, () => this.words.now);
  readonly words: CurrentWords; // The main process's language: menus, tray, dialogs, notifications, the updater's words.
  /** After an unclean shutdown: the background database check (null when the last shutdown was clean). */
  readonly databaseChecked: Promise<unknown>;
  private readonly gate = new ServiceGate();
  private readonly store: SwitchableStore;
  /** This computer's database, open while the app runs (the source or target of a move). */
  private readonly local: SqliteStore;
  private closing: Promise<void> | null = null;
  private backgroundTimer: NodeJS.Timeout | null = null;
  private backgroundStarted = false;
  private preparing: Promise<void> | null = null;

  /** Opens the database (creating the data folder, owner-only); throws a clear error when it cannot. */
  constructor(private readonly options: AlpineServiceOptions) {
    ensurePrivateFolder(options.dataFolder, { restrictExisting: true });
    const settingsFile = new SettingsFile(options.dataFolder);
    const local = (this.local = openConversationStore(options.dataFolder, options.sqliteBinding));
    this.store = new SwitchableStore(local);
    const databaseFile = path.join(options.dataFolder, DATABASE_FILE_NAME);
    this.health = new DatabaseHealth({ dataFolder: options.dataFolder, databaseFile, bus: this.events, nativeBinding: options.sqliteBinding });
    this.databaseChecked = this.health.scheduleCheck(options.databaseCheckDelayMs ?? 3_000);
    this.attachments = new Attachments(options.dataFolder);
    const approvalKey = installationApprovalKey(options.dataFolder);
    let conversations: Conversations | null = null;
    const providers = (this.providers = new ProvidersService(new ProvidersFile(options.dataFolder), new ProviderKeys(options.providerSecrets ?? new MemorySecretKeeper()), this.gate));
    const tools = [...builtInTools(() => settingsFile.get().folder), ...(options.extraTools ?? [])];
    this.mcp = new McpService({
      takenNames: [...tools.map((t) => t.name), FINISH_TOOL, ASK_TOOL],
      dataFolder: options.dataFolder,
      secrets: options.mcpSecrets ?? new MemorySecretKeeper(),
      approvalKey, bus: this.events, gate: this.gate,
      connection: { ...options.mcpConnection, launch: options.mcpLaunch },
      appVersion: options.appVersion,
      chooseBundleFile: options.chooseBundleFile,
    });
    this.runs = new Runs({
      store: this.store,
      settings: settingsFile,
      secrets: options.secrets,
      bus: this.events,
      gate: this.gate,
      tools,
      client: options.model ?? {},
      providers,
      attachments: this.attachments,
      keyWait: new KeyWaitFile(options.dataFolder),
      assertFree: (id) => this.storage.assertFree(id),
      applyTitle: async (id, title) => (await conversations?.applyTitleIfUntitled(id, title)) ?? false,
      moreTools: (taken) => this.mcp.toolsForRun(taken),
      approvalKey,
    });
    this.prices = new PriceFile(options.dataFolder);
    this.conversations = conversations = new Conversations(this.store, this.runs, this.events, this.gate, this.attachments, {
      usage: (history) => this.usageOf(history),
      options: (state) => this.optionsOf(state),
      checks: askChecksFor(approvalKey),
    });
    this.models = new ModelList(options.secrets, options.model ?? {}, options.dataFolder);
    this.branching = new Branching(this.runs, this.gate, this.store);
    this.transfer = new Transfer({
      store: this.store,
      bus: this.events,
      gate: this.gate,
      dataFolder: options.dataFolder,
      chooseExportFile: options.chooseExportFile,
      chooseImportFile: options.chooseImportFile,
    });
    this.storage = new StorageService({
      file: new StorageFile(options.dataFolder),
      secrets: options.storageSecrets ?? new MemorySecretKeeper(),
      store: this.store,
      local,
      bus: this.events,
      gate: this.gate,
      runs: this.runs,
      announce: (id) => this.conversations.announce(id),
      server: options.server,
    });
    this.conversations.elsewhere = { refresh: () => this.storage.refreshLeases(), holder: (id) => this.storage.runningElsewhere(id) };
    this.settings = new SettingsService(settingsFile, options.secrets, this.gate, options.chooseFolder ?? null, options.systemLanguages, (id) => providers.list().some((p) => p.id === id));
    this.windowState = new WindowStateFile(options.dataFolder);
    this.firstScreen = new FirstScreenStore(options.dataFolder);
    // In the background, once the window's first screen is painted (or a little later without
    // one): its first paint never waits for a server, nor shares the cores with their starts.
    this.startInBackgroundAfter(options.mcpStartDelayMs ?? AFTER_START_MS);
    this.updates = new UpdateService({ currentVersion: options.appVersion ?? "0.0.0", bus: this.events, runningIds: () => this.runs.runningIds(), words: () => this.words.now });
    this.words = followLanguage(options.words, this.events, () => this.settings.language(), [this.updates, this.desktopStatus]);
    // Any migration has taken its copy; the older copies are removed once the first screen is shown.
    this.backups = new DatabaseBackups(databaseFile);
    // Damage is checked in the local database (a server keeps page checksums of its own).
    const damageOptions = { store: this.local, backups: () => this.backups, bus: this.events, gate: this.gate };
    this.damaged = new DamagedConversations({ ...damageOptions, dataFolder: options.dataFolder, chooseExportFile: options.chooseExportFile });
  }

  /**
   * Settles attachments left by a kill (claims without a saved message, unreferenced files):
   * started once the window's first screen is shown (or at the first need), done before the first run.
   */
  get recovered(): Promise<{ removed: number }> {
    return this.runs.attachmentRecovery.result;
  }

  /**
   * The window painted its first screen: the work that waited for it starts (the MCP servers,
   * the check of attachments left by a kill, the removal of old database backups). Called
   * again, it does nothing more.
   */
  firstScreenShown(): void {
    if (this.backgroundTimer) clearTimeout(this.backgroundTimer);
    this.backgroundTimer = null;
    if (!this.gate.isOpen || this.backgroundStarted) return;
    this.backgroundStarted = true;
    if (this.options.startMcpServers !== false) this.mcp.start();
    void this.recovered;
    this.backups.prune();
  }

  /** The background work starts `ms` from now unless the window says its first screen is shown before. */
  private startInBackgroundAfter(ms: number): void {
    if (this.backgroundTimer) clearTimeout(this.backgroundTimer);
    this.backgroundTimer = setTimeout(() => this.firstScreenShown(), ms);
    this.backgroundTimer.unref();
  }

  /** What a conversation's replies used, with their estimated cost at today's prices. */
  private usageOf(history: readonly HistoryEntry[]) {
    return usageTotals(
      history.flatMap((e) => (e.kind === "assistant" ? [{ model: e.model, usage: e.usage, partial: e.partial }] : [])),
      this.prices.table(),
    );
  }

  /** A conversation's options, with the name its model was last shown by (the picker shows it before its list comes). */
  private optionsOf(state: Parameters<typeof optionsView>[0]) {
    const view = optionsView(state, this.runs.fallback());
    const modelName = this.models?.names.nameOf(view.model);
    return modelName ? { ...view, modelName } : view;
  }

  /** The first screen: settings, the sidebar's first page, and the conversation open at the last quit. */
  async launch(listLimit: number, tail: number): Promise<LaunchView> {
    // A window is drawing its first screen: it says when it is shown (a slow machine may take seconds).
    if (this.backgroundTimer) this.startInBackgroundAfter(Math.max(WINDOW_GRACE_MS, this.options.mcpStartDelayMs ?? 0));
    await this.preparing; // reading alongside it would only share the same cores
    // A server that cannot be used (unreachable, or no password for it) does not keep the window from opening:
    // the banner says why, and the list comes once it is back.
    const list = await this.conversations.list({ offset: 0, limit: listLimit }).catch((error: unknown) => {
      if (!isServerUnusable(error)) throw error;
      return { items: [], total: 0 };
    });
    const openId = this.windowState.openConversationId;
    let open = null;
    if (openId) {
      try {
        open = await this.conversations.get(openId, tail);
      } catch (error) {
        // Deleted since: open a new conversation instead, and forget it (kept while the server is away).
        if (isServerUnusable(error) || isServerUnusable((error as Error)?.cause)) return { settings: this.settings.view(), info: this.info(), list, open: null };
        if (!(error instanceof ConversationNotFoundError)) throw error;
        this.windowState.remember(null);
      }
    }
    return { settings: this.settings.view(), info: this.info(), list, open };
  }

  /** Reads what the window's first request asks while the window loads its scripts (first-screen-reads.ts). */
  prepareFirstScreen(listLimit: number, tail: number): Promise<void> {
    if (!this.gate.isOpen) return Promise.resolve();
    this.preparing = readFirstScreenAhead(this.conversations, () => this.windowState.openConversationId, listLimit, tail);
    return this.preparing;
  }

  /** Set (or with "" forget) the API key; messages that waited for one are sent at once. */
  setApiKey(apiKey: string): SettingsView {
    const view = this.settings.setApiKey(apiKey);
    if (view.hasApiKey) void this.runs.sendWaitingForKey();
    return view;
  }

  /** Resolves once every secret handed to a keeper is written (the app's keepers write in the background). */
  async secretsWritten(): Promise<void> {
    const { secrets, mcpSecrets, storageSecrets, providerSecrets } = this.options;
    await Promise.all([secrets, mcpSecrets, storageSecrets, providerSecrets].map((keeper) => keeper?.flush?.()));
  }

  info(): AppInfo {
    return {
      version: this.options.appVersion ?? "0.0.0",
      platform: process.platform,
      dataFolder: this.options.dataFolder,
      hasApiKey: this.settings.hasApiKey(),
      systemLanguages: this.options.systemLanguages ? [...this.options.systemLanguages()] : null,
    };
  }

  /**
   * Refuse new work, abort every run, wait (bounded) for their saves, close the database.
   * Calling it again returns the same promise.
   */
  shutdown(): Promise<void> {
    this.closing ??= (async () => {
      this.gate.close();
      if (this.backgroundTimer) clearTimeout(this.backgroundTimer);
      this.backgroundTimer = null;
      const stillRunning = await this.runs.abortAll(this.options.shutdownBoundMs ?? 10_000);
      await this.runs.attachmentRecovery.ended(); // recovery reads the store: it ends before the store closes
      if (stillRunning.length > 0) {
        console.warn(`Shutting down while ${stillRunning.length} run(s) had not finished saving: ${stillRunning.join(", ")}`);
      }
      await this.mcp.shutdown(); // every server process ends here
      await this.storage.close(); // the server's connections, if one is in use
      this.local.close();
      this.health.markCleanShutdown();
    })();
    return this.closing;
  }
}
