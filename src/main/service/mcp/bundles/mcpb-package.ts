/**
 * Anthropic's own MCPB package (`@anthropic-ai/mcpb`), loaded at the first bundle opened
 * rather than at the app's start (its schemas are built on import). Its browser entry is
 * used: the manifest schemas of every format version and the variable substitution, without
 * the command line's dependencies. The package is ESM only; `import()` loads it under the
 * app and under Node alike.
 */
type McpbModule = typeof import("@anthropic-ai/mcpb/browser");

let loading: Promise<McpbModule> | null = null;

export function loadMcpb(): Promise<McpbModule> {
  loading ??= import("@anthropic-ai/mcpb/browser").catch((error: unknown) => {
    loading = null; // a later bundle tries again
    throw error;
  });
  return loading;
}

export type { McpbManifestAny, McpbUserConfigValues } from "@anthropic-ai/mcpb/browser";
