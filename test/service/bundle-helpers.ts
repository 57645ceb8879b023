/**
 * MCP Bundles made in the tests: a folder with a manifest and the tiny real server
 * (test/support/mcp/bundle-server.mjs), packed with the MCPB package's own `packExtension`;
 * malformed ones (which `mcpb pack` refuses to make) written with fflate, the zip writer
 * the MCPB package itself uses.
 */
import fs from "node:fs";
import path from "node:path";
import { packExtension } from "@anthropic-ai/mcpb";
import { zipSync, type Zippable } from "fflate";
import { REPO_ROOT } from "../agent/helpers";

export const BUNDLE_SERVER = path.join(REPO_ROOT, "test/support/mcp/bundle-server.mjs");

export type Manifest = Record<string, unknown>;

/** A node bundle whose server runs on the app's runtime: a sensitive required token and a greeting with a default. */
export function helloManifest(version = "1.0.0", change: (m: Manifest) => void = () => undefined): Manifest {
  const manifest: Manifest = {
    manifest_version: "0.3",
    name: "hello-bundle",
    display_name: "Hello Bundle",
    version,
    description: "Says hello, for the tests.",
    author: { name: "Alpine tests", url: "https://example.com" },
    server: {
      type: "node",
      entry_point: "server/index.mjs",
      mcp_config: { command: "node", args: ["${__dirname}/server/index.mjs", version], env: { API_TOKEN: "${user_config.api_token}", GREETING: "${user_config.greeting}" } },
    },
    tools: [{ name: "whoami", description: "Reports its configuration." }],
    user_config: {
      api_token: { type: "string", title: "API token", description: "The service's token.", sensitive: true, required: true },
      greeting: { type: "string", title: "Greeting", description: "How it greets.", default: "hello" },
    },
    compatibility: { platforms: ["darwin", "win32", "linux"], runtimes: { node: ">=18" } },
  };
  change(manifest);
  return manifest;
}

/** Packs a bundle folder (manifest + server + `extraFiles`) with `mcpb pack`'s code; returns the .mcpb path. */
export async function packBundle(work: string, manifest: Manifest, extraFiles: Record<string, string> = {}): Promise<string> {
  const folder = fs.mkdtempSync(path.join(work, "bundle-src-"));
  fs.mkdirSync(path.join(folder, "server"));
  fs.copyFileSync(BUNDLE_SERVER, path.join(folder, "server/index.mjs"));
  fs.writeFileSync(path.join(folder, "manifest.json"), JSON.stringify(manifest, null, 2));
  for (const [name, text] of Object.entries(extraFiles)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  const out = path.join(work, `${String(manifest.name)}-${String(manifest.version)}-${path.basename(folder)}.mcpb`);
  if (!(await packExtension({ extensionPath: folder, outputPath: out, silent: true }))) throw new Error("mcpb pack refused the test bundle");
  return out;
}

/** A zip with exactly these entries (name → text, or [bytes, unix mode]), written with fflate. */
export function writeZip(file: string, entries: Record<string, string | [Uint8Array, number]>): string {
  const zippable: Zippable = {};
  for (const [name, value] of Object.entries(entries)) {
    zippable[name] = typeof value === "string" ? new TextEncoder().encode(value) : [value[0], { os: 3, attrs: value[1] << 16 }];
  }
  fs.writeFileSync(file, zipSync(zippable));
  return file;
}

export function serverSource(): string {
  return fs.readFileSync(BUNDLE_SERVER, "utf8");
}
