/**
 * What the window sees of MCP Bundles (`.mcpb`): a reviewed file before it is installed,
 * and an installed bundle on its server's card. Sensitive settings never carry a value
 * here, only whether one is stored.
 */

export type BundleSettingValue = string | number | boolean | string[];

/** One of the bundle's settings (`user_config` in its manifest). */
export interface BundleSettingView {
  key: string;
  type: "string" | "number" | "boolean" | "directory" | "file";
  title: string;
  description: string;
  required: boolean;
  /** Stored encrypted; its value never comes to the window. */
  sensitive: boolean;
  multiple: boolean;
  min?: number;
  max?: number;
  default?: BundleSettingValue;
  /** The current value of a setting that is not sensitive. */
  value?: BundleSettingValue;
  /** Whether a value is stored (the one thing the window learns of a sensitive setting). */
  isSet: boolean;
}

export interface BundleAuthorView {
  name: string;
  email?: string;
  url?: string;
}

/** What the bundle declares about itself, shown before it is installed and on its card. */
export interface BundleDescription {
  /** The manifest's `name`: the bundle's id. */
  id: string;
  displayName: string;
  version: string;
  description: string;
  author: BundleAuthorView;
  homepage?: string;
  license?: string;
  serverType: "node" | "python" | "binary" | "uv";
  tools: { name: string; description?: string }[];
  /** The server may offer more tools than it lists. */
  toolsGenerated: boolean;
  prompts: { name: string; description?: string }[];
  /** What installing it allows, in words. */
  permissions: string[];
  privacyPolicies: string[];
  settings: BundleSettingView[];
}

/** A bundle file opened and checked, waiting for the person to install it. */
export interface BundleReview extends BundleDescription {
  /** Given back to install exactly this file. */
  reviewId: string;
  /** "unsigned", or "signed" (a signature block is present; Alpine does not check it against a certificate store). */
  signature: "unsigned" | "signed";
  /** Set when a bundle of this id is installed: installing replaces it and keeps its settings. */
  replaces?: { server: string; version: string };
  /** The name its server will have in Settings → Tools. */
  serverName: string;
}

/** An installed bundle, on its server's card. */
export interface InstalledBundleView extends BundleDescription {
  /** Required settings without a value: the server is not started until they are given. */
  missingSettings: string[];
}
