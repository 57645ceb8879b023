/**
 * MCP Bundles installed by the person: open a `.mcpb` file (a review the window shows),
 * install it with its settings, change its settings, update it, remove it (its files, its
 * settings and its secrets). An installed bundle is a server of the MCP settings with a
 * `bundle` of its own; its command is resolved at each start from its manifest, its folder
 * and its settings. Every change of the settings goes through the MCP service's one change
 * (checked whole, saved atomically, then applied).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { BundleReview, BundleSettingValue, InstalledBundleView } from "../../../../shared/mcp-bundle-types";
import { McpConfigError, SERVER_NAME, type StdioServerConfig, parseServerConfig } from "../../../mcp";
import type { McpSettings, SavedMcpSettings, SavedServer, StoredBundle } from "../mcp-settings-file";
import { BundleNotFoundError, BundleNotReadableError, BundleTooLargeError } from "./bundle-errors";
import { bundleSettings, describeBundle, missingSettings } from "./bundle-description";
import { bundlesRoot, cleanBundleFolders, removeBundleFolder, unpackBundle } from "./bundle-folder";
import { type OpenedBundle, openBundleFile } from "./bundle-file";
import { type BundleLimits, DEFAULT_BUNDLE_LIMITS, formatBytes } from "./bundle-limits";
import type { BundleManifest } from "./bundle-manifest";
import { bundleServerConfig } from "./bundle-server-config";
import { checkedValues } from "./bundle-values";
import type { CompatibilityContext } from "./bundle-compatibility";

export interface BundleHost extends CompatibilityContext {
  dataFolder: string;
  limits?: BundleLimits;
  settings(): SavedMcpSettings;
  /** The MCP service's one change: checked, saved atomically, applied. */
  commit(edit: (settings: McpSettings) => void): void;
  /** The system's open dialog for a .mcpb file (the app's); without one a path must be given. */
  chooseFile?: () => Promise<string | null>;
}

/** Reviewed files are held this long (and at most a few at once) for the person to confirm. */
const REVIEW_MS = 30 * 60_000;
const MAX_REVIEWS = 4;

export class McpBundles {
  readonly root: string;
  private readonly reviews = new Map<string, { opened: OpenedBundle; at: number }>();
  private readonly manifests = new Map<string, BundleManifest>();

  constructor(private readonly host: BundleHost) {
    this.root = bundlesRoot(host.dataFolder);
  }

  /** Open a .mcpb file (chosen in the open dialog when no path is given) and check it; null when the dialog was cancelled. */
  async open(file?: string): Promise<BundleReview | null> {
    const chosen = file ?? (this.host.chooseFile ? await this.host.chooseFile() : null);
    if (chosen === null && !this.host.chooseFile) throw new BundleNotFoundError("No file was given and there is no open dialog here.");
    if (chosen === null) return null;
    const limit = (this.host.limits ?? DEFAULT_BUNDLE_LIMITS).maxFileBytes;
    const size = await fsp.stat(chosen).then((s) => s.size, (error: NodeJS.ErrnoException) => {
      throw new BundleNotReadableError(`${chosen} could not be read (${error.code ?? error.message}).`);
    });
    if (size > limit) throw new BundleTooLargeError(`the file is ${formatBytes(size)}, more than the ${formatBytes(limit)} a bundle may be.`);
    return this.review(await fsp.readFile(chosen));
  }

  /** Check bundle bytes (a file opened or dropped on the window); nothing is written. */
  async review(bytes: Buffer): Promise<BundleReview> {
    const opened = await openBundleFile(bytes, this.host, this.host.limits);
    const reviewId = randomUUID();
    this.forgetOldReviews();
    this.reviews.set(reviewId, { opened, at: Date.now() });
    const installed = this.installed(opened.manifest.name);
    const values = installed?.bundle?.values ?? {};
    return {
      ...describeBundle(opened.manifest, values),
      reviewId,
      signature: opened.signature,
      serverName: installed?.config.name ?? this.freeName(opened.manifest),
      ...(installed?.bundle ? { replaces: { server: installed.config.name, version: installed.bundle.version } } : {}),
    };
  }

  /** Install a reviewed bundle (or update the installed one of its id, keeping its settings), then start it. */
  async install(reviewId: string, given: Record<string, BundleSettingValue>, onFile?: (name: string) => void): Promise<string> {
    const review = this.reviews.get(reviewId);
    if (!review) throw new BundleNotFoundError("This bundle is no longer held for installing (Alpine was restarted, or half an hour went by).");
    const { manifest, archive } = review.opened;
    const installed = this.installed(manifest.name);
    const values = checkedValues(manifest, given, installed?.bundle?.values ?? {});
    const folder = await unpackBundle(this.root, archive, manifest.name, onFile);
    const name = installed?.config.name ?? this.freeName(manifest);
    const bundle: StoredBundle = { id: manifest.name, folder, version: manifest.version, values, sensitive: sensitiveKeys(manifest) };
    const config = templateConfig(name, manifest);
    try {
      this.host.commit((settings) => {
        const stored = settings.servers.find((s) => s.config.name === name);
        if (stored && !stored.bundle) throw new McpConfigError(name, "a server of this name exists already; remove it first.");
        if (stored) Object.assign(stored, { config, bundle });
        else settings.servers.push({ config, bundle, enabled: true, disabledTools: [], alwaysAllowed: [], approval: "ask" });
      });
    } catch (error) {
      await removeBundleFolder(this.root, folder);
      throw error;
    }
    this.reviews.delete(reviewId);
    if (installed?.bundle) await removeBundleFolder(this.root, installed.bundle.folder);
    return name;
  }

  /** Change an installed bundle's settings (sensitive ones sent as the mask keep their value). */
  configure(server: string, given: Record<string, BundleSettingValue>): void {
    const stored = this.bundleServer(server);
    const values = checkedValues(this.manifest(stored.bundle), given, stored.bundle.values);
    this.host.commit((settings) => {
      const target = settings.servers.find((s) => s.config.name === server)!;
      target.bundle = { ...target.bundle!, values };
    });
  }

  /** Remove the server, its settings and secrets (one save), then its files. */
  async remove(server: string): Promise<void> {
    const stored = this.bundleServer(server);
    this.host.commit((settings) => void (settings.servers = settings.servers.filter((s) => s.config.name !== server)));
    await removeBundleFolder(this.root, stored.bundle.folder);
    this.manifests.delete(stored.bundle.folder);
  }

  /** The command a bundle's server starts with now. */
  resolve(stored: SavedServer & { bundle: StoredBundle }): Promise<StdioServerConfig> {
    return bundleServerConfig(stored.config.name, this.manifest(stored.bundle), path.join(this.root, stored.bundle.folder), stored.bundle.values);
  }

  /** Whether the server may start: every required setting has a value. */
  missing(bundle: StoredBundle): string[] {
    return missingSettings(this.manifest(bundle), bundle.values);
  }

  view(bundle: StoredBundle): InstalledBundleView {
    const manifest = this.manifest(bundle);
    return { ...describeBundle(manifest, bundle.values), settings: bundleSettings(manifest, bundle.values), missingSettings: missingSettings(manifest, bundle.values) };
  }

  /** At start: half-unpacked folders go; so do folders no setting names, when the settings were read as they are. */
  clean(settingsReadWhole: boolean): Promise<string[]> {
    const keep = new Set(this.host.settings().servers.flatMap((s) => (s.bundle ? [s.bundle.folder] : [])));
    return cleanBundleFolders(this.root, settingsReadWhole ? keep : null);
  }

  private manifest(bundle: StoredBundle): BundleManifest {
    let manifest = this.manifests.get(bundle.folder);
    if (!manifest) {
      // Checked with the MCPB schema when it was installed; the folder is Alpine's own.
      manifest = JSON.parse(fs.readFileSync(path.join(this.root, bundle.folder, "manifest.json"), "utf8")) as BundleManifest;
      this.manifests.set(bundle.folder, manifest);
    }
    return manifest;
  }

  private installed(id: string): SavedServer | undefined {
    return this.host.settings().servers.find((s) => s.bundle?.id === id);
  }

  private bundleServer(server: string): SavedServer & { bundle: StoredBundle } {
    const stored = this.host.settings().servers.find((s) => s.config.name === server);
    if (!stored?.bundle) throw new BundleNotFoundError(`There is no MCP Bundle named "${server}".`);
    return stored as SavedServer & { bundle: StoredBundle };
  }

  /** The bundle's display name as a server name, made unique. */
  private freeName(manifest: BundleManifest): string {
    const base = (manifest.display_name ?? manifest.name).replace(/[^A-Za-z0-9 ._-]/g, "").trim().slice(0, 60) || manifest.name.slice(0, 60);
    const taken = new Set(this.host.settings().servers.map((s) => s.config.name));
    for (let i = 1; ; i++) {
      const name = i === 1 ? base : `${base}-${i}`;
      if (!taken.has(name) && SERVER_NAME.test(name)) return name;
    }
  }

  private forgetOldReviews(): void {
    for (const [id, review] of this.reviews) if (Date.now() - review.at > REVIEW_MS) this.reviews.delete(id);
    while (this.reviews.size >= MAX_REVIEWS) this.reviews.delete(this.reviews.keys().next().value!);
  }
}

function sensitiveKeys(manifest: BundleManifest): string[] {
  return Object.entries(manifest.user_config ?? {}).filter(([, o]) => o.sensitive).map(([key]) => key);
}

/** What the settings file keeps of the command: the manifest's, variables unresolved (no secret in it). */
function templateConfig(name: string, manifest: BundleManifest): StdioServerConfig {
  const { command, args } = manifest.server.mcp_config;
  return parseServerConfig(name, { type: "stdio", command, args: args ?? [] }, name) as StdioServerConfig;
}
