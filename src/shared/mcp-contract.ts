/**
 * The MCP part of the IPC contract (spread into ipc-contract.ts): Settings → Tools.
 * Secret values go to main only; views come back masked.
 */
import { z } from "zod";
import type { McpConfigReview, McpSettingsView } from "./mcp-types";
import type { BundleReview } from "./mcp-bundle-types";
import type { RegistrySearchView, RegistryServerPage } from "./mcp-registry-types";

const serverName = z.string().min(1).max(64);
const stringMap = z.record(z.string().min(1).max(200), z.string().max(10_000));

const serverInput = () =>
  z
    .object({
      name: serverName,
      transport: z.enum(["stdio", "http"]),
      command: z.string().max(4096).optional(),
      args: z.array(z.string().max(10_000)).max(200).optional(),
      env: stringMap.optional(),
      cwd: z.string().max(4096).nullable().optional(),
      url: z.string().max(4096).optional(),
      headers: stringMap.optional(),
    })
    .strict();

const settingValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(100)]);
const bundleSettings = z.record(z.string().min(1).max(200), settingValue);
/** A dropped .mcpb file's bytes, base64 (bundles dropped on the window are at most 64 MB). */
const MAX_DROPPED_BUNDLE_BASE64 = Math.ceil((64 * 1024 * 1024) / 3) * 4;

/** Each channel's schema maker: ipc-contract.ts makes a schema at its channel's first call (lazy-schemas.ts). */
export const mcpRequestSchemaMakers = {
  "tools:get": () => z.object({}).strict(),
  "tools:addServer": () => serverInput(),
  /** Replace a server's configuration; env or header values equal to SECRET_MASK keep what is stored. */
  "tools:editServer": () => serverInput(),
  /** A pasted or imported Claude Desktop `claude_desktop_config.json` (or just its `mcpServers`): what it would run; nothing is added. */
  "tools:reviewConfig": () => z.object({ text: z.string().min(1).max(1_000_000) }).strict(),
  /** Add the servers of a reviewed configuration; `confirmation` is the review's, for exactly this text. */
  "tools:importConfig": () => z.object({ text: z.string().min(1).max(1_000_000), confirmation: z.string().regex(/^[0-9a-f]{64}$/) }).strict(),
  "tools:removeServer": () => z.object({ name: serverName }).strict(),
  "tools:setServer": () => z.object({ name: serverName, enabled: z.boolean().optional(), approval: z.enum(["ask", "allow"]).optional() }).strict(),
  "tools:setTool": () => z.object({ server: serverName, tool: z.string().min(1).max(200), enabled: z.boolean().optional(), alwaysAllowed: z.boolean().optional() }).strict(),
  "tools:setCallTimeout": () => z.object({ ms: z.number().int() }).strict(),
  "tools:restartServer": () => z.object({ name: serverName }).strict(),
  /** The last lines (up to 200) of a server's stderr. */
  "tools:stderr": () => z.object({ name: serverName }).strict(),
  /** Open a .mcpb file and check it (nothing is installed): without `path`, the system's open dialog asks for it; null when cancelled. */
  "tools:openBundle": () => z.object({ path: z.string().min(1).max(4096).optional() }).strict(),
  /** Check a .mcpb file dropped on the window, sent as base64 (nothing is installed). */
  "tools:reviewBundle": () => z.object({ name: z.string().min(1).max(500), data: z.string().min(1).max(MAX_DROPPED_BUNDLE_BASE64) }).strict(),
  /** Install (or update) a reviewed bundle with its settings, then start it. */
  "tools:installBundle": () => z.object({ reviewId: z.string().uuid(), settings: bundleSettings }).strict(),
  /** Change an installed bundle's settings; a sensitive value sent as SECRET_MASK keeps the stored one. */
  "tools:configureBundle": () => z.object({ name: serverName, settings: bundleSettings }).strict(),
  /** Search the MCP registry (the registry URL setting); reads only. */
  "tools:registrySearch": () => z.object({ query: z.string().max(200), cursor: z.string().max(1000).optional() }).strict(),
  /** A registry server's page, with the add-server form each way to run it fills (nothing is added). */
  "tools:registryServer": () => z.object({ name: z.string().min(1).max(300) }).strict(),
  /** The registry to browse: an http(s) address, or null for the official MCP Registry. */
  "tools:setRegistryUrl": () => z.object({ url: z.string().max(2000).nullable() }).strict(),
} as const;

export interface McpRequestResults {
  "tools:get": McpSettingsView;
  "tools:addServer": McpSettingsView;
  "tools:editServer": McpSettingsView;
  "tools:reviewConfig": McpConfigReview;
  "tools:importConfig": McpSettingsView;
  "tools:removeServer": McpSettingsView;
  "tools:setServer": McpSettingsView;
  "tools:setTool": McpSettingsView;
  "tools:setCallTimeout": McpSettingsView;
  "tools:restartServer": McpSettingsView;
  "tools:stderr": string[];
  "tools:openBundle": BundleReview | null;
  "tools:reviewBundle": BundleReview;
  "tools:installBundle": McpSettingsView;
  "tools:configureBundle": McpSettingsView;
  "tools:registrySearch": RegistrySearchView;
  "tools:registryServer": RegistryServerPage;
  "tools:setRegistryUrl": McpSettingsView;
}
