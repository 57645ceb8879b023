/**
 * The command an installed bundle's server starts with: its manifest's `mcp_config` (with
 * the override for this system), the variables substituted by the MCPB package's own code
 * (`${__dirname}`, `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}`, `${/}`,
 * `${user_config.key}`), in the bundle's folder. A node server whose command is `node` runs
 * on the app's own runtime instead of a Node found on PATH.
 */
import os from "node:os";
import path from "node:path";
import type { BundleSettingValue } from "../../../../shared/mcp-bundle-types";
import { McpConfigError, type StdioServerConfig, parseServerConfig } from "../../../mcp";
import type { BundleManifest } from "./bundle-manifest";
import { loadMcpb } from "./mcpb-package";

export async function bundleServerConfig(name: string, manifest: BundleManifest, folder: string, values: Record<string, BundleSettingValue>): Promise<StdioServerConfig> {
  const { getMcpConfigForManifest } = await loadMcpb();
  const home = os.homedir();
  const resolved = await getMcpConfigForManifest({
    manifest,
    extensionPath: folder,
    systemDirs: { HOME: home, DESKTOP: path.join(home, "Desktop"), DOCUMENTS: path.join(home, "Documents"), DOWNLOADS: path.join(home, "Downloads") },
    userConfig: values,
    pathSeparator: path.sep,
  });
  if (!resolved) throw new McpConfigError(name, "a required setting of this bundle has no value; fill it in on the bundle's card.");
  const config = parseServerConfig(name, { type: "stdio", command: resolved.command, args: resolved.args ?? [], env: resolved.env ?? {}, cwd: folder }, name);
  if (config.transport !== "stdio") throw new McpConfigError(name, "a bundle's server is started as a program (stdio).");
  const onAppRuntime = manifest.server.type === "node" && /^node(\.exe)?$/i.test(config.command);
  return onAppRuntime ? { ...config, runtime: "app-node" } : config;
}
