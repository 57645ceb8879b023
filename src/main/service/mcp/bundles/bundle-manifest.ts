/**
 * A bundle's manifest.json, checked with the MCPB package's own schema for the format
 * version it declares (`manifest_version`, or the older `dxt_version`), strictly: a field
 * the format does not have is an error, as the package's validator reports it.
 */
import { BundleManifestError } from "./bundle-errors";
import { type McpbManifestAny, loadMcpb } from "./mcpb-package";

export type BundleManifest = McpbManifestAny;

export async function parseBundleManifest(text: string | null): Promise<BundleManifest> {
  if (text === null) throw new BundleManifestError(["there is no manifest.json at the top of the bundle"]);
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new BundleManifestError([`it is not JSON (${(error as Error).message})`]);
  }
  const { MANIFEST_SCHEMAS } = await loadMcpb();
  const declared = typeof raw === "object" && raw !== null ? ((raw as Record<string, unknown>).manifest_version ?? (raw as Record<string, unknown>).dxt_version) : undefined;
  const versions = Object.keys(MANIFEST_SCHEMAS);
  if (typeof declared !== "string" || !versions.includes(declared)) {
    throw new BundleManifestError([`its manifest_version ${JSON.stringify(declared ?? null)} is not one this version of Alpine reads (${versions.join(", ")})`]);
  }
  const result = MANIFEST_SCHEMAS[declared as keyof typeof MANIFEST_SCHEMAS].safeParse(raw);
  if (!result.success) {
    throw new BundleManifestError(result.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".") || "manifest"}: ${issue.message}`));
  }
  const manifest = result.data as BundleManifest;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(manifest.name)) {
    throw new BundleManifestError([`name: ${JSON.stringify(manifest.name)} must be 1 to 100 letters, digits, ".", "_" or "-"`]);
  }
  return manifest;
}
