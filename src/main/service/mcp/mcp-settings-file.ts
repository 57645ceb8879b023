/**
 * MCP settings in a small versioned JSON file of the data folder (`mcp.json`): the
 * servers, which are enabled, their turned-off and always-allowed tools, their default
 * approval, and the per-call timeout. Env values and HTTP headers are not in it: they go
 * to a SecretKeeper (encrypted like the API key) as one JSON object. A change is checked
 * whole before anything is written; a newer file is read but never rewritten; a garbled
 * one is moved aside. An installed MCP Bundle's server (version 2) also names its bundle:
 * its folder, version and settings; the bundle's sensitive settings go with the secrets.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../../agent";
import { DEFAULT_CALL_TIMEOUT_MS, type McpServerConfig, parseServerConfig } from "../../mcp";
import type { SecretKeeper } from "../settings/secret-keeper";
import { NewerFileVersionError } from "../service-errors";
import { readVersionedJson } from "../versioned-json";
import type { BundleSettingValue } from "../../../shared/mcp-bundle-types";

export const MCP_FILE_NAME = "mcp.json";
/** 2: servers of installed MCP Bundles (`bundle`) and the registry URL; a version 1 file is read as it is. */
export const MCP_SETTINGS_VERSION = 2;

/** The bundle a server was installed from (its `config` then holds the manifest's command with the variables unresolved). */
export interface StoredBundle {
  /** The manifest's name. */
  id: string;
  /** Its folder inside the data folder's mcp-bundles/. */
  folder: string;
  version: string;
  /** Every setting given (`user_config`), sensitive ones included: those are saved with the secrets. */
  values: Record<string, BundleSettingValue>;
  /** The keys of the sensitive settings. */
  sensitive: string[];
}

export interface StoredServer {
  config: McpServerConfig;
  bundle?: StoredBundle;
  enabled: boolean;
  disabledTools: string[];
  alwaysAllowed: string[];
  approval: "ask" | "allow";
}

export interface McpSettings {
  callTimeoutMs: number;
  servers: StoredServer[];
  /** The MCP registry browsed in Settings → Tools; null for the official one. */
  registryUrl?: string | null;
}

/** The settings as saved: shared by every reader, never changed in place (a change saves a new object). */
export interface SavedMcpSettings {
  readonly callTimeoutMs: number;
  readonly registryUrl?: string | null;
  readonly servers: readonly SavedServer[];
}

export type SavedServer = Readonly<Omit<StoredServer, "disabledTools" | "alwaysAllowed">> & {
  readonly disabledTools: readonly string[];
  readonly alwaysAllowed: readonly string[];
};

const settingValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
const serverSchema = z
  .object({
    name: z.string(),
    transport: z.enum(["stdio", "http"]),
    command: z.string().optional(),
    args: z.array(z.string()).optional(),
    cwd: z.string().nullable().optional(),
    url: z.string().optional(),
    envKeys: z.array(z.string()).default([]),
    headerKeys: z.array(z.string()).default([]),
    enabled: z.boolean().default(true),
    disabledTools: z.array(z.string()).default([]),
    alwaysAllowed: z.array(z.string()).default([]),
    approval: z.enum(["ask", "allow"]).default("ask"),
    bundle: z.object({ id: z.string(), folder: z.string(), version: z.string(), values: z.record(z.string(), settingValue).default({}), sensitive: z.array(z.string()).default([]) }).optional(),
  })
  .passthrough();
const fileSchema = z
  .object({ version: z.number().int().min(1), callTimeoutMs: z.number().int().min(1).optional(), registryUrl: z.string().nullable().optional(), servers: z.array(serverSchema).default([]) })
  .passthrough();
const secretsSchema = z.record(
  z.string(),
  z.object({ env: z.record(z.string(), z.string()).default({}), headers: z.record(z.string(), z.string()).default({}), userConfig: z.record(z.string(), settingValue).optional() }),
);
type Secrets = z.infer<typeof secretsSchema>;

export class McpSettingsFile {
  readonly file: string;
  problem: string | null = null;
  private current: McpSettings = { callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS, servers: [] };
  private newerVersion: number | null = null;

  constructor(
    dataFolder: string,
    private readonly secrets: SecretKeeper,
  ) {
    this.file = path.join(dataFolder, MCP_FILE_NAME);
    this.read();
  }

  /** Read at every tool call and view: the saved object itself, not a copy. */
  get(): SavedMcpSettings {
    return this.current;
  }

  /** A copy to change and hand to `save` (an edit that fails halfway leaves the saved settings as they were). */
  draft(): McpSettings {
    return structuredClone(this.current);
  }

  /**
   * Write the whole settings (secrets first, so a crash between leaves only unused secrets).
   * `next` becomes the saved settings: the caller must not change it afterwards.
   */
  save(next: McpSettings): void {
    if (this.newerVersion !== null) throw new NewerFileVersionError("MCP settings", this.file, this.newerVersion, MCP_SETTINGS_VERSION);
    const secrets: Secrets = {};
    const servers = next.servers.map(({ config, bundle, ...rest }) => {
      if (bundle) {
        const { values, sensitive } = splitSensitive(bundle);
        secrets[config.name] = { env: {}, headers: {}, userConfig: sensitive };
        const { env: _env, ...plain } = config as Extract<McpServerConfig, { transport: "stdio" }>;
        return { ...plain, envKeys: [], headerKeys: [], ...rest, bundle: { ...bundle, values } };
      }
      if (config.transport === "stdio") {
        secrets[config.name] = { env: { ...config.env }, headers: {} };
        const { env, ...plain } = config;
        return { ...plain, envKeys: Object.keys(env), headerKeys: [], ...rest };
      }
      secrets[config.name] = { env: {}, headers: { ...config.headers } };
      const { headers, ...plain } = config;
      return { ...plain, envKeys: [], headerKeys: Object.keys(headers), ...rest };
    });
    this.secrets.set(JSON.stringify(secrets));
    writeFileAtomicSync(this.file, JSON.stringify({ version: MCP_SETTINGS_VERSION, callTimeoutMs: next.callTimeoutMs, registryUrl: next.registryUrl ?? null, servers }, null, 2) + "\n");
    this.current = next;
  }

  private read(): void {
    const read = readVersionedJson(this.file, { version: MCP_SETTINGS_VERSION, schema: fileSchema, what: "MCP settings file" });
    if (read.status === "missing") return;
    if (read.status === "garbled") {
      const aside = `${this.file}.unreadable-${Date.now()}`;
      fs.renameSync(this.file, aside);
      this.problem = `The MCP settings file could not be read, so no MCP servers are configured. The old file was kept as ${aside}.`;
      return;
    }
    const parsed = read.status === "newer" ? read.known : read.value;
    if (read.status === "newer") {
      this.newerVersion = read.version;
      this.problem = `The MCP settings file ${this.file} is from a newer version of Alpine (version ${read.version}); it is left unchanged and MCP servers cannot be changed until Alpine is updated.`;
    }
    if (parsed) this.current = { callTimeoutMs: parsed.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, registryUrl: parsed.registryUrl ?? null, servers: this.serversOf(parsed.servers) };
  }

  private serversOf(stored: z.infer<typeof serverSchema>[]): StoredServer[] {
    const secrets = this.readSecrets();
    const out: StoredServer[] = [];
    for (const s of stored) {
      const secret = secrets[s.name] ?? { env: {}, headers: {} };
      try {
        const raw = s.transport === "stdio" ? { type: "stdio", command: s.command, args: s.args, cwd: s.cwd, env: pick(secret.env, s.envKeys) } : { type: "http", url: s.url, headers: pick(secret.headers, s.headerKeys) };
        const config = parseServerConfig(s.name, raw, `servers.${s.name}`);
        const bundle = s.bundle && { ...s.bundle, values: { ...s.bundle.values, ...pickSensitive(secret.userConfig ?? {}, s.bundle.sensitive) } };
        out.push({ config, ...(bundle ? { bundle } : {}), enabled: s.enabled, disabledTools: s.disabledTools, alwaysAllowed: s.alwaysAllowed, approval: s.approval });
      } catch (error) {
        this.problem = `An MCP server in ${this.file} was left out: ${(error as Error).message}`;
      }
    }
    return out;
  }

  private readSecrets(): Secrets {
    try {
      const text = this.secrets.get();
      return text ? secretsSchema.parse(JSON.parse(text)) : {};
    } catch {
      this.problem = "The stored MCP secrets (env values and headers) could not be read; enter them again in Settings → Tools.";
      return {};
    }
  }
}

/** A bundle's settings: those saved in the file, and the sensitive ones that go with the secrets. */
function splitSensitive(bundle: StoredBundle): { values: Record<string, BundleSettingValue>; sensitive: Record<string, BundleSettingValue> } {
  const values: Record<string, BundleSettingValue> = {};
  const sensitive: Record<string, BundleSettingValue> = {};
  for (const [key, value] of Object.entries(bundle.values)) (bundle.sensitive.includes(key) ? sensitive : values)[key] = value;
  return { values, sensitive };
}

function pickSensitive(values: Record<string, BundleSettingValue>, keys: string[]): Record<string, BundleSettingValue> {
  return Object.fromEntries(keys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]!]));
}

/** The stored values of the keys the file names (a secret missing after a failed write is left empty). */
function pick(values: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? ""]));
}
