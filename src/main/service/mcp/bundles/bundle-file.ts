/**
 * A `.mcpb` file opened and checked, before anything is written: its signature block set
 * apart, its zip entries checked (zip-archive.ts), its manifest validated, the server's entry
 * point present, and the bundle fit to run here.
 */
import { BundleManifestError } from "./bundle-errors";
import { type BundleManifest, parseBundleManifest } from "./bundle-manifest";
import { type CompatibilityContext, checkCompatibility } from "./bundle-compatibility";
import type { BundleLimits } from "./bundle-limits";
import { ZipArchive } from "./zip-archive";

export interface OpenedBundle {
  archive: ZipArchive;
  manifest: BundleManifest;
  signature: "signed" | "unsigned";
}

/** `mcpb sign` appends a PKCS#7 block between these markers after the zip. */
const SIGNATURE_START = Buffer.from("MCPB_SIG_V1");
const SIGNATURE_END = Buffer.from("MCPB_SIG_END");

export async function openBundleFile(bytes: Buffer, context: CompatibilityContext, limits?: BundleLimits): Promise<OpenedBundle> {
  const signed = bytes.subarray(-SIGNATURE_END.length).equals(SIGNATURE_END) && bytes.lastIndexOf(SIGNATURE_START) > 0;
  const zip = signed ? bytes.subarray(0, bytes.lastIndexOf(SIGNATURE_START)) : bytes;
  const archive = new ZipArchive(zip, limits);
  const manifestEntry = archive.entry("manifest.json");
  const manifest = await parseBundleManifest(manifestEntry ? archive.read(manifestEntry).toString("utf8") : null);
  const entryPoint = manifest.server.entry_point.replaceAll("\\", "/").replace(/^\.\//, "");
  if (!archive.entry(entryPoint)) throw new BundleManifestError([`server.entry_point: ${JSON.stringify(manifest.server.entry_point)} is not in the bundle`]);
  await checkCompatibility(manifest, context);
  return { archive, manifest, signature: signed ? "signed" : "unsigned" };
}
