/**
 * A server as its card shows it: how it starts (secret values masked), its state and its
 * tools as they are now, why it is not running, and the bundle it came from.
 */
import type { InstalledBundleView } from "../../../shared/mcp-bundle-types";
import { type McpServerView, SECRET_MASK } from "../../../shared/mcp-types";
import type { ServerSnapshot } from "../../mcp";
import type { SavedServer } from "./mcp-settings-file";

export interface ServerViewContext {
  /** Whether servers were started (a saved, enabled server not yet running is "starting" before). */
  started: boolean;
  /** Why a bundle's server was not started. */
  problem: string | null;
  bundle: InstalledBundleView | null;
}

export function serverView(stored: SavedServer, names: Map<string, string>, live: ServerSnapshot | null | undefined, context: ServerViewContext): McpServerView {
  const { config } = stored;
  const mask = (values: Record<string, string>) => Object.fromEntries(Object.keys(values).map((k) => [k, SECRET_MASK]));
  return {
    name: config.name,
    transport: config.transport,
    ...(config.transport === "stdio" ? { command: config.command, args: [...config.args], cwd: config.cwd, env: mask(config.env) } : { url: config.url, headers: mask(config.headers) }),
    enabled: stored.enabled,
    approval: stored.approval,
    status: live?.status ?? (stored.enabled && !context.started ? "starting" : "stopped"),
    error: live?.error ?? context.problem,
    ...(context.bundle ? { bundle: context.bundle } : {}),
    pid: live?.pid ?? null,
    connectedBy: live?.transport ?? null,
    tools: (live?.tools ?? []).map((t) => ({
      name: t.name,
      ...(names.has(`${config.name}/${t.name}`) ? { modelName: names.get(`${config.name}/${t.name}`) } : {}),
      ...(t.annotations?.title ?? t.title ? { title: t.annotations?.title ?? t.title } : {}),
      description: t.description,
      ...(t.annotations?.readOnlyHint !== undefined ? { readOnly: t.annotations.readOnlyHint } : {}),
      ...(t.annotations?.destructiveHint !== undefined ? { destructive: t.annotations.destructiveHint } : {}),
      enabled: !stored.disabledTools.includes(t.name),
      alwaysAllowed: stored.alwaysAllowed.includes(t.name),
    })),
  };
}
