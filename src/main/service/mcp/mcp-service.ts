/**
 * MCP servers as the person configures them: add (stdio or HTTP), import a Claude Desktop
 * configuration, turn servers and tools on and off, approvals, the call timeout. Owns
 * the one McpServers; every change is checked whole, saved, then applied. Views never
 * carry secret values.
 */
import type { McpConfigReview, McpServerView, McpSettingsView } from "../../../shared/mcp-types";
import { createHash } from "node:crypto";
import { SECRET_MASK } from "../../../shared/mcp-types";
import { type ApprovalSettings, McpConfigError, type ServerLaunch, type McpServerConfig, McpServers, type McpTool, parseClaudeDesktopConfig, parseServerConfig } from "../../mcp";
import { reviewServer } from "./config-review";
import type { AppEventBus } from "../app-event-bus";
import { type ApprovalKey, ApprovalSealer } from "../../agent";
import { type McpSettings, McpSettingsFile, type SavedServer, type StoredServer } from "./mcp-settings-file";
import { KnownToolNames } from "./known-tool-names";
import type { SecretKeeper } from "../settings/secret-keeper";
import type { ServiceGate } from "../service-gate";
import { McpBundles } from "./bundles/mcp-bundles";
import { serverChoices } from "./server-choices";
import { serverView } from "./server-view";
import { OFFICIAL_REGISTRY_URL, RegistryClient, checkedRegistryUrl } from "./registry/registry-client";

export interface McpServiceOptions {
  dataFolder: string;
  secrets: SecretKeeper;
  /** This installation's approval key (approvals/installation-key.ts): it seals "allowed in this conversation". */
  approvalKey: ApprovalKey;
  bus: AppEventBus;
  gate: ServiceGate;
  /** The system's open dialog for a .mcpb file (the app's). */
  chooseBundleFile?: () => Promise<string | null>;
  /** The app's version, which bundles may ask for (default 0.0.0). */
  appVersion?: string;
  /** Names of the app's other tools, which MCP tools are named apart from. */
  takenNames?: string[];
  /** Restart backoff and start timeout of servers (tests shorten them). */
  connection?: { backoffMs?: number; startTimeoutMs?: number; maxAttempts?: number; launch?: ServerLaunch };
}

/** A server as the window sends it: secrets in the clear, or SECRET_MASK to keep the stored value. */
export interface ServerInput {
  name: string;
  transport: "stdio" | "http";
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string | null;
  url?: string;
  headers?: Record<string, string>;
}

export class McpService {
  readonly servers: McpServers;
  readonly bundles: McpBundles;
  /** The MCP registry at the registry URL setting: only read, never starts anything. */
  readonly registry = new RegistryClient(() => this.file.get().registryUrl ?? OFFICIAL_REGISTRY_URL);
  private readonly file: McpSettingsFile;
  /** Why a bundle's server was not started, by server name (set at each apply). */
  private readonly bundleProblems = new Map<string, string>();
  /** Which apply is the latest, and when its servers were handed to the MCP room (a bundle's command is resolved first). */
  private applyTurn = 0;
  private configured: Promise<void> = Promise.resolve();
  private readonly known: KnownToolNames;
  private changeTimer: NodeJS.Timeout | null = null;
  private started = false;

  constructor(private readonly options: McpServiceOptions) {
    this.file = new McpSettingsFile(options.dataFolder, options.secrets);
    this.known = new KnownToolNames(options.dataFolder);
    const sealer = new ApprovalSealer(options.approvalKey);
    const approvals: ApprovalSettings = {
      allowsWithoutAsking: (server, tool) => {
        const stored = this.file.get().servers.find((s) => s.config.name === server);
        return stored !== undefined && (stored.approval === "allow" || stored.alwaysAllowed.includes(tool));
      },
      allowAlways: (server, tool) => this.change((settings) => {
        const stored = find(settings, server);
        if (!stored.alwaysAllowed.includes(tool)) stored.alwaysAllowed.push(tool);
      }),
      sealGrant: (conversationId, key) => sealer.sealDecision("mcp-conversation-grant", [conversationId, key]),
      grantHolds: (seal, conversationId, key) => sealer.decisionHolds(seal, "mcp-conversation-grant", [conversationId, key]),
    };
    this.bundles = new McpBundles({
      dataFolder: options.dataFolder,
      platform: process.platform,
      appVersion: options.appVersion ?? "0.0.0",
      nodeVersion: process.versions.node,
      environment: async () => ({ ...(process.env as Record<string, string>), ...(await options.connection?.launch?.environment()) }),
      settings: () => this.file.get(),
      commit: (edit) => void this.change(edit),
      chooseFile: options.chooseBundleFile,
    });
    this.servers = new McpServers({
      onChange: () => this.changed(),
      approvals,
      callTimeoutMs: () => this.file.get().callTimeoutMs,
      connection: options.connection,
    });
  }

  /** Start the enabled servers in the background; returns at once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.bundles.clean(this.file.problem === null);
    void this.apply();
  }

  view(): McpSettingsView {
    const settings = this.file.get();
    const names = new Map(this.servers.tools(this.options.takenNames ?? []).map((t) => [`${t.mcp.server}/${t.mcp.tool}`, t.name]));
    const servers = settings.servers.map((s) => this.serverView(s, names));
    // The tools offered now are remembered, so a call's card is named after a relaunch before its server is up.
    const offered = servers.flatMap((server) =>
      server.tools.flatMap((t) => (t.modelName ? [[t.modelName, { server: server.name, tool: t.name, ...(t.title ? { title: t.title } : {}) }] as const] : [])),
    );
    this.known.remember(Object.fromEntries(offered));
    return {
      callTimeoutMs: settings.callTimeoutMs,
      registryUrl: settings.registryUrl ?? OFFICIAL_REGISTRY_URL,
      servers,
      ...(this.file.problem ? { problem: this.file.problem } : {}),
      knownTools: this.known.all(),
    };
  }

  addServer(input: ServerInput): McpSettingsView {
    const config = parseServerConfig(input.name, { type: input.transport, ...input }, input.name);
    return this.change((settings) => {
      if (settings.servers.some((s) => s.config.name === config.name)) throw new McpConfigError(config.name, "a server of this name exists already; choose another name or remove it first.");
      settings.servers.push(newServer(config));
    });
  }

  /** Replace a server's configuration; masked secret values keep what is stored. */
  editServer(input: ServerInput): McpSettingsView {
    return this.change((settings) => {
      const stored = find(settings, input.name);
      if (stored.bundle) throw new McpConfigError(input.name, "this server comes from an MCP Bundle: change its settings on its card, or update the bundle.");
      const kept = (values: Record<string, string> | undefined, old: Record<string, string>) =>
        values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === SECRET_MASK ? (old[k] ?? "") : v]));
      const old = stored.config;
      stored.config = parseServerConfig(input.name, {
        type: input.transport,
        ...input,
        env: kept(input.env, old.transport === "stdio" ? old.env : {}),
        headers: kept(input.headers, old.transport === "http" ? old.headers : {}),
      }, input.name);
    });
  }

  /**
   * The first step of importing a configuration: what each server would run (command,
   * arguments, environment with values, dangers marked). Nothing is added or started.
   */
  reviewConfig(text: string): McpConfigReview {
    const configs = parseClaudeDesktopConfig(text);
    this.refuseClashes(configs);
    return { servers: configs.map(reviewServer), confirmation: configDigest(text) };
  }

  /**
   * The second step, once the person confirmed the review: every server of that exact
   * configuration (`confirmation` names it); none is added if any is wrong or already exists.
   */
  importClaudeDesktop(text: string, confirmation: string): McpSettingsView {
    if (confirmation !== configDigest(text)) throw new McpConfigError("the pasted configuration", "was not reviewed as it is now: review the servers it runs first, then confirm. Nothing was imported.");
    const configs = parseClaudeDesktopConfig(text);
    return this.change((settings) => {
      this.refuseClashes(configs, settings);
      settings.servers.push(...configs.map(newServer));
    });
  }

  private refuseClashes(configs: McpServerConfig[], settings: { servers: readonly { config: { name: string } }[] } = this.file.get()): void {
    const clash = configs.filter((c) => settings.servers.some((s) => s.config.name === c.name)).map((c) => c.name);
    if (clash.length > 0) throw new McpConfigError(`mcpServers.${clash[0]}`, `a server named ${clash.map((n) => `"${n}"`).join(", ")} exists already; remove it first or rename it in the pasted configuration. Nothing was imported.`);
  }

  async removeServer(name: string): Promise<McpSettingsView> {
    if (this.file.get().servers.find((s) => s.config.name === name)?.bundle) {
      await this.bundles.remove(name);
      return this.view();
    }
    return this.change((settings) => {
      find(settings, name);
      settings.servers = settings.servers.filter((s) => s.config.name !== name);
    });
  }

  setServer(name: string, change: { enabled?: boolean; approval?: "ask" | "allow" }): McpSettingsView {
    return this.change((settings) => Object.assign(find(settings, name), change));
  }

  setTool(server: string, tool: string, change: { enabled?: boolean; alwaysAllowed?: boolean }): McpSettingsView {
    return this.change((settings) => {
      const stored = find(settings, server);
      if (change.enabled !== undefined) stored.disabledTools = toggle(stored.disabledTools, tool, !change.enabled);
      if (change.alwaysAllowed !== undefined) stored.alwaysAllowed = toggle(stored.alwaysAllowed, tool, change.alwaysAllowed);
    });
  }

  setCallTimeout(ms: number): McpSettingsView {
    if (!Number.isInteger(ms) || ms < 1_000 || ms > 3_600_000) throw new McpConfigError("callTimeoutMs", "the per-call timeout is a whole number of milliseconds from 1,000 (1 s) to 3,600,000 (1 hour).");
    return this.change((settings) => void (settings.callTimeoutMs = ms));
  }

  /** The registry browsed in Settings → Tools (an http(s) address; null or empty for the official one). */
  setRegistryUrl(url: string | null): McpSettingsView {
    return this.change((settings) => void (settings.registryUrl = checkedRegistryUrl(url)));
  }

  stderr(name: string): string[] {
    return this.servers.stderr(name);
  }

  async restart(name: string): Promise<McpSettingsView> {
    this.options.gate.assertOpen();
    await this.servers.restart(name);
    return this.view();
  }

  /** The tools a run offers, once starting servers have settled (at most `waitMs`). */
  async toolsForRun(taken: string[], waitMs = 15_000): Promise<McpTool[]> {
    this.start(); // a run before the background start (or on first use) starts the servers itself
    await this.configured;
    await this.servers.whenSettled(waitMs);
    return this.servers.tools(taken);
  }

  async shutdown(): Promise<void> {
    if (this.changeTimer) clearTimeout(this.changeTimer);
    await this.servers.shutdown();
  }

  private change(edit: (settings: McpSettings) => void): McpSettingsView {
    this.options.gate.assertOpen();
    const next = this.file.draft();
    edit(next);
    this.file.save(next);
    this.started = true;
    void this.apply();
    return this.view();
  }

  /** Saved servers to the MCP room: at once when none is a bundle's; else once resolved, the latest apply only. */
  private apply(): Promise<void> {
    const turn = ++this.applyTurn;
    const choices = serverChoices(this.file.get(), this.bundles, this.bundleProblems);
    if (Array.isArray(choices)) {
      this.configured = Promise.resolve();
      return this.servers.configure(choices);
    }
    const applied = choices.then((resolved) => (turn === this.applyTurn ? this.servers.configure(resolved) : undefined));
    this.configured = choices.then(() => undefined, () => undefined);
    return applied;
  }

  /** Many changes at once (a server starting lists its tools) become one event. */
  private changed(): void {
    if (this.changeTimer) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = null;
      this.options.bus.emit({ type: "mcp_changed", tools: this.view() });
    }, 20);
    this.changeTimer.unref?.();
  }

  private serverView(stored: SavedServer, names: Map<string, string>): McpServerView {
    const name = stored.config.name;
    return serverView(stored, names, this.servers.snapshot(name), {
      started: this.started,
      problem: this.bundleProblems.get(name) ?? null,
      bundle: stored.bundle ? this.bundles.view(stored.bundle) : null,
    });
  }

}

function newServer(config: McpServerConfig): StoredServer {
  return { config, enabled: true, disabledTools: [], alwaysAllowed: [], approval: "ask" };
}

function find(settings: McpSettings, name: string): StoredServer {
  const stored = settings.servers.find((s) => s.config.name === name);
  if (!stored) throw new McpConfigError(name, "there is no MCP server of this name.");
  return stored;
}

function toggle(list: string[], item: string, present: boolean): string[] {
  const without = list.filter((x) => x !== item);
  return present ? [...without, item] : without;
}

/** Names the exact text of a reviewed configuration. */
function configDigest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
