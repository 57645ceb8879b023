/**
 * What a bundle declares, as the window shows it before install and on its card: name,
 * author, version, tools and prompts, its settings (sensitive values never included), and
 * what installing it allows, in words.
 */
import type { BundleDescription, BundleSettingValue, BundleSettingView } from "../../../../shared/mcp-bundle-types";
import type { BundleManifest } from "./bundle-manifest";

const RUNS = { node: "a Node.js program, on Alpine's own runtime", python: "a Python program", binary: "a program built for this system", uv: "a Python program, with uv" };

export function describeBundle(manifest: BundleManifest, values: Record<string, BundleSettingValue>): BundleDescription {
  const settings = bundleSettings(manifest, values);
  return {
    id: manifest.name,
    displayName: manifest.display_name ?? manifest.name,
    version: manifest.version,
    description: manifest.description,
    author: { ...manifest.author },
    ...(manifest.homepage ? { homepage: manifest.homepage } : {}),
    ...(manifest.license ? { license: manifest.license } : {}),
    serverType: manifest.server.type,
    tools: (manifest.tools ?? []).map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}) })),
    toolsGenerated: manifest.tools_generated ?? false,
    prompts: (manifest.prompts ?? []).map((p) => ({ name: p.name, ...(p.description ? { description: p.description } : {}) })),
    permissions: permissions(manifest, settings),
    privacyPolicies: [...((manifest as { privacy_policies?: string[] }).privacy_policies ?? [])],
    settings,
  };
}

export function bundleSettings(manifest: BundleManifest, values: Record<string, BundleSettingValue>): BundleSettingView[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, option]) => {
    const sensitive = option.sensitive ?? false;
    const value = values[key];
    return {
      key,
      type: option.type,
      title: option.title,
      description: option.description,
      required: option.required ?? false,
      sensitive,
      multiple: option.multiple ?? false,
      ...(option.min !== undefined ? { min: option.min } : {}),
      ...(option.max !== undefined ? { max: option.max } : {}),
      ...(option.default !== undefined && !sensitive ? { default: option.default } : {}),
      ...(value !== undefined && !sensitive ? { value } : {}),
      isSet: value !== undefined && value !== "",
    };
  });
}

/** Required settings with no value and no default. */
export function missingSettings(manifest: BundleManifest, values: Record<string, BundleSettingValue>): string[] {
  return Object.entries(manifest.user_config ?? {})
    .filter(([key, option]) => option.required && isEmpty(values[key] ?? option.default))
    .map(([key]) => key);
}

function isEmpty(value: BundleSettingValue | undefined): boolean {
  return value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function permissions(manifest: BundleManifest, settings: BundleSettingView[]): string[] {
  const out = [`Runs ${RUNS[manifest.server.type]} on this computer, with your permissions, whenever its server is on.`];
  for (const s of settings) {
    if (s.type === "directory") out.push(`Works in the folder${s.multiple ? "s" : ""} you choose for "${s.title}".`);
    if (s.type === "file") out.push(`Reads the file${s.multiple ? "s" : ""} you choose for "${s.title}".`);
    if (s.sensitive) out.push(`Receives the secret you enter for "${s.title}" (kept encrypted by Alpine).`);
  }
  const env = Object.keys(manifest.server.mcp_config.env ?? {});
  if (env.length) out.push(`Starts with these environment variables set: ${env.join(", ")}.`);
  return out;
}
