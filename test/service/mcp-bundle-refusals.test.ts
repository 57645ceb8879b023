/**
 * Bundles that are refused, each with its named error, before anything is written: wrong
 * system, a newer Alpine, a newer Node, a missing Python, paths leading outside, links,
 * absurd sizes (declared, lied about, a zip bomb), a broken manifest, not a zip at all.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { McpBundles } from "../../src/main/service/mcp/bundles/mcp-bundles";
import type { McpSettings, SavedMcpSettings } from "../../src/main/service/mcp/mcp-settings-file";
import { type Manifest, helloManifest, packBundle, serverSource, writeZip } from "./bundle-helpers";
import { makeTempDir } from "./helpers";

let work: string;
let bundles: McpBundles;
let dataFolder: string;

/** Bundles on a data folder with no servers, as Alpine 1.4.0 on Linux with Node 22.20.0; `path` is where a Python is looked for. */
function bundlesHere(pathVariable = process.env.PATH ?? ""): McpBundles {
  const settings: SavedMcpSettings = { callTimeoutMs: 1000, servers: [] };
  return new McpBundles({
    dataFolder,
    platform: "linux",
    appVersion: "1.4.0",
    nodeVersion: "22.20.0",
    environment: async () => ({ ...(process.env as Record<string, string>), PATH: pathVariable }),
    settings: () => settings,
    commit: (_edit: (s: McpSettings) => void) => undefined,
  });
}

beforeAll(() => {
  work = makeTempDir();
  dataFolder = makeTempDir();
  bundles = bundlesHere();
});

async function refusal(file: string): Promise<Error> {
  const error = await bundles.open(file).then(() => null, (e: Error) => e);
  if (!error) throw new Error(`${path.basename(file)} was not refused`);
  expect(fs.existsSync(path.join(dataFolder, "mcp-bundles"))).toBe(false);
  return error;
}

const manifestZip = (name: string, manifest: unknown, extra: Record<string, string | [Uint8Array, number]> = {}) =>
  writeZip(path.join(work, name), { "manifest.json": typeof manifest === "string" ? manifest : JSON.stringify(manifest), "server/index.mjs": serverSource(), ...extra });

it("refuses a bundle for another system, a newer Alpine, a newer Node, or a Python that is not there, saying what it needs", async () => {
  const macOnly = await refusal(await packBundle(work, helloManifest("1.0.0", (m) => ((m.compatibility as Manifest).platforms = ["darwin", "win32"]))));
  expect(macOnly).toMatchObject({ name: "BundleIncompatibleError", requirement: "platform" });
  expect(macOnly.message).toBe("This bundle runs on macOS and Windows only; this computer runs Linux. Ask its author for a version for Linux.");

  const newerApp = await refusal(await packBundle(work, helloManifest("1.0.0", (m) => (m._meta = { alpine: { app_version: ">=2.0" } }))));
  expect(newerApp).toMatchObject({ name: "BundleIncompatibleError", requirement: "app" });
  expect(newerApp.message).toMatch(/needs Alpine 2\.0 or later; this is Alpine 1\.4\.0\. Update Alpine/);

  const newerNode = await refusal(await packBundle(work, helloManifest("1.0.0", (m) => ((m.compatibility as Manifest).runtimes = { node: ">=24" }))));
  expect(newerNode).toMatchObject({ name: "BundleIncompatibleError", requirement: "node" });
  expect(newerNode.message).toMatch(/needs Node\.js 24 or later; Alpine runs node servers on its own Node\.js 22\.20\.0/);

  const python = helloManifest("1.0.0", (m) => {
    m.server = { type: "python", entry_point: "server/main.py", mcp_config: { command: "python3", args: ["${__dirname}/server/main.py"] } };
    m.compatibility = { runtimes: { python: ">=99.1" } };
  });
  const noPython = await refusal(await packBundle(work, python, { "server/main.py": "print('hi')\n" }));
  expect(noPython).toMatchObject({ name: "BundleIncompatibleError", requirement: "python" });
  expect(noPython.message).toMatch(/^This bundle needs Python 99\.1 or later( \(found Python [\d.]+ as python3?(, Python [\d.]+ as python3?)*\)|; none was found on PATH)\. Install it/);

  // With no Python on PATH at all, the sentence the issue asks for.
  const empty = bundlesHere(work);
  const none = await empty.open(await packBundle(work, helloManifest("1.0.0", (m) => Object.assign(m, { server: python.server, compatibility: { runtimes: { python: ">=3.10" } } })), { "server/main.py": "" })).catch((e: Error) => e);
  expect((none as Error).message).toMatch(/^This bundle needs Python 3\.10 or later; none was found on PATH\./);

  // A uv bundle (manifest 0.4) where no uv is on PATH.
  const uv = helloManifest("1.0.0", (m) => {
    m.manifest_version = "0.4";
    m.server = { type: "uv", entry_point: "server/main.py", mcp_config: { command: "uv", args: ["run", "${__dirname}/server/main.py"] } };
    delete m.compatibility;
  });
  const noUv = await empty.open(await packBundle(work, uv, { "server/main.py": "" })).catch((e: Error) => e);
  expect(noUv).toMatchObject({ name: "BundleIncompatibleError", requirement: "uv" });
  expect((noUv as Error).message).toMatch(/^This bundle needs uv \(the Python package manager from astral\.sh\); none was found on PATH\./);
});

it("refuses zips with a path outside the folder, a symbolic link, or an absurd size, and says which entry", async () => {
  const manifest = helloManifest();
  expect(await refusal(manifestZip("dotdot.mcpb", manifest, { "../../evil.sh": "echo pwned" }))).toMatchObject({ name: "BundlePathOutsideError", entry: "../../evil.sh" });
  expect(await refusal(manifestZip("absolute.mcpb", manifest, { "/etc/evil": "x" }))).toMatchObject({ name: "BundlePathOutsideError" });
  expect(await refusal(manifestZip("backslash.mcpb", manifest, { "server\\..\\..\\evil": "x" }))).toMatchObject({ name: "BundlePathOutsideError" });
  expect(await refusal(manifestZip("drive.mcpb", manifest, { "C:/Windows/evil": "x" }))).toMatchObject({ name: "BundlePathOutsideError" });
  const link = await refusal(manifestZip("link.mcpb", manifest, { "server/passwd": [new TextEncoder().encode("/etc/passwd"), 0o120777] }));
  expect(link).toMatchObject({ name: "BundleLinkError", entry: "server/passwd" });

  const bomb = await refusal(manifestZip("bomb.mcpb", manifest, { "server/zeros.bin": [new Uint8Array(4 * 1024 * 1024), 0o644] }));
  expect(bomb.name).toBe("BundleTooLargeError");
  expect(bomb.message).toMatch(/"server\/zeros\.bin" would grow \d+ times when unpacked, the mark of a zip bomb/);

  // A header declaring 300 MB for one file: refused from the table of contents, nothing inflated.
  const declared = fs.readFileSync(manifestZip("declared.mcpb", manifest, { "server/big.bin": "small" }));
  setDeclaredSize(declared, "server/big.bin", 300 * 1024 * 1024);
  fs.writeFileSync(path.join(work, "declared.mcpb"), declared);
  const big = await refusal(path.join(work, "declared.mcpb"));
  expect(big.message).toMatch(/"server\/big\.bin" unpacks to 300 MB, more than the 256 MB one file of a bundle may be/);

  // A header that lies the other way (declares 1 byte, inflates to more): caught while inflating.
  const lying = fs.readFileSync(manifestZip("lying.mcpb", manifest, { "manifest.json": JSON.stringify(manifest) }));
  setDeclaredSize(lying, "manifest.json", 10);
  fs.writeFileSync(path.join(work, "lying.mcpb"), lying);
  expect((await refusal(path.join(work, "lying.mcpb"))).message).toMatch(/"manifest\.json" unpacks to more than the 10 bytes its header declares/);
});

it("refuses a broken manifest, naming what is wrong, and a file that is no zip", async () => {
  const missingAuthor = helloManifest("1.0.0", (m) => delete m.author);
  const noAuthor = await refusal(manifestZip("no-author.mcpb", missingAuthor));
  expect(noAuthor.name).toBe("BundleManifestError");
  expect(noAuthor.message).toMatch(/^This MCP Bundle's manifest\.json is not valid: author: Required/);
  expect((await refusal(manifestZip("not-json.mcpb", "{ nope"))).message).toMatch(/it is not JSON/);
  expect((await refusal(manifestZip("extra-field.mcpb", { ...helloManifest(), surprise: 1 }))).message).toMatch(/Unrecognized key.*surprise/);
  expect((await refusal(manifestZip("future.mcpb", { ...helloManifest(), manifest_version: "9.9" }))).message).toMatch(/manifest_version "9\.9" is not one this version of Alpine reads/);
  expect((await refusal(manifestZip("no-entry.mcpb", helloManifest("1.0.0", (m) => ((m.server as Manifest).entry_point = "server/missing.js"))))).message).toMatch(/"server\/missing\.js" is not in the bundle/);
  expect(await refusal(writeZip(path.join(work, "empty.mcpb"), { "readme.txt": "hi" }))).toMatchObject({ name: "BundleManifestError" });
  fs.writeFileSync(path.join(work, "text.mcpb"), "just text, no zip");
  expect(await refusal(path.join(work, "text.mcpb"))).toMatchObject({ name: "BundleNotReadableError" });
  expect((await refusal(path.join(work, "gone.mcpb"))).message).toMatch(/^This file cannot be opened as an MCP Bundle: .*gone\.mcpb could not be read \(ENOENT\)\./);
});

/** Rewrites an entry's declared unpacked size in the central directory and its local header. */
function setDeclaredSize(zip: Buffer, name: string, size: number): void {
  for (let at = 0; at < zip.length - 4; at++) {
    const signature = zip.readUInt32LE(at);
    if (signature === 0x02014b50 && zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString() === name) zip.writeUInt32LE(size, at + 24);
    if (signature === 0x04034b50 && zip.subarray(at + 30, at + 30 + zip.readUInt16LE(at + 26)).toString() === name) zip.writeUInt32LE(size, at + 22);
  }
}
