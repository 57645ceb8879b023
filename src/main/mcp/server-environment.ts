/**
 * The environment a stdio server starts in, before its own configured values: the few
 * variables the MCP SDK passes on (PATH, HOME, USER, SHELL, TERM, LOGNAME; a longer list on
 * Windows), taken from the login shell's environment when it was read, else from the app's.
 * An app opened from the Dock, Finder or a desktop menu has PATH=/usr/bin:/bin:/usr/sbin:/sbin,
 * where npx, uvx and node are not found (login-shell-environment.ts).
 */
import type { McpSdk } from "./mcp-sdk";

export function serverEnvironment(sdk: Pick<McpSdk, "getDefaultEnvironment" | "DEFAULT_INHERITED_ENV_VARS">, login: Record<string, string> | null): Record<string, string> {
  const env = sdk.getDefaultEnvironment();
  if (!login) return env;
  for (const key of sdk.DEFAULT_INHERITED_ENV_VARS) {
    const value = login[key];
    // A value starting "()" is an exported shell function: the SDK leaves those out too.
    if (value !== undefined && !value.startsWith("()")) env[key] = value;
  }
  return env;
}
