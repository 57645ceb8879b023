/**
 * A SIGKILL during a bundle's install or update: a real child process installs bundle after
 * bundle on one data folder and is killed at a different moment each round (early in the
 * unpack, late in it, just after its last file, after it finished). Each time the settings
 * name one whole version, the old or the new, whose folder holds that version's files and
 * nothing else; the next start removes every other folder.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { McpBundles } from "../../src/main/service/mcp/bundles/mcp-bundles";
import { McpSettingsFile } from "../../src/main/service/mcp/mcp-settings-file";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { startChild } from "../agent/helpers";
import { helloManifest, packBundle } from "./bundle-helpers";
import { makeTempDir, removeDir } from "./helpers";

const CHILD = path.join(import.meta.dirname, "children/bundle-install.ts");
const FILES = 60;

/** A version of the bundle whose every data file names the version. */
async function version(work: string, v: string): Promise<string> {
  const manifest = helloManifest(v, (m) => void delete m.user_config);
  const files = Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`data/part-${i}.txt`, `version ${v}\n`.repeat(200)]));
  return packBundle(work, manifest, files);
}

/** What the settings name now, checked whole; the next start's cleaning done. */
async function installedVersion(dataFolder: string): Promise<string | null> {
  const settings = new McpSettingsFile(dataFolder, new MemorySecretKeeper());
  expect(settings.problem).toBeNull();
  const bundles = new McpBundles({ dataFolder, platform: process.platform, appVersion: "1.0.0", nodeVersion: process.versions.node, environment: async () => ({}), settings: () => settings.get(), commit: () => undefined });
  await bundles.clean(true);
  const servers = settings.get().servers;
  const root = path.join(dataFolder, "mcp-bundles");
  const folders = fs.existsSync(root) ? fs.readdirSync(root) : [];
  if (servers.length === 0) {
    expect(folders).toEqual([]);
    return null;
  }
  expect(servers).toHaveLength(1);
  const bundle = servers[0]!.bundle!;
  expect(folders).toEqual([bundle.folder]);
  const folder = path.join(root, bundle.folder);
  expect(JSON.parse(fs.readFileSync(path.join(folder, "manifest.json"), "utf8")).version).toBe(bundle.version);
  const parts = fs.readdirSync(path.join(folder, "data"));
  expect(parts).toHaveLength(FILES);
  for (const part of parts) expect(fs.readFileSync(path.join(folder, "data", part), "utf8")).toBe(`version ${bundle.version}\n`.repeat(200));
  return bundle.version;
}

it("a SIGKILL at any point of an install or update leaves the old bundle or the new one, never a mix", async () => {
  const work = makeTempDir();
  const dataFolder = makeTempDir();
  try {
    const files = { "1.0.0": await version(work, "1.0.0"), "2.0.0": await version(work, "2.0.0"), "3.0.0": await version(work, "3.0.0") };
    // [version to install, when to kill]: a number kills after that many files; "end" right after the last; null lets it finish.
    const rounds: [keyof typeof files, number | "end" | null][] = [
      ["1.0.0", 3],
      ["1.0.0", null],
      ["2.0.0", 30],
      ["2.0.0", "end"],
      ["3.0.0", FILES - 1],
      ["3.0.0", null],
    ];
    let expected: string | null = null;
    for (const [v, killAt] of rounds) {
      const child = startChild(CHILD, {}, { args: [dataFolder, files[v]] });
      if (killAt === null) {
        await child.waitForLine((l) => l === "INSTALLED", "the install's end");
      } else {
        await child.waitForLine((l) => l === `FILE ${killAt === "end" ? FILES + 2 : killAt}`, `file ${killAt}`);
        if (killAt === "end") await new Promise<void>((resolve) => setImmediate(resolve));
        child.process.kill("SIGKILL");
      }
      const { signal } = await child.exited;
      const now = await installedVersion(dataFolder);
      if (killAt === null) expect(now).toBe(v);
      else expect([expected, v]).toContain(now);
      if (typeof killAt === "number") expect(now).toBe(expected); // killed mid-unpack: the settings never moved
      expected = now;
      expect(signal === "SIGKILL" || killAt === null).toBe(true);
    }
  } finally {
    removeDir(work);
    removeDir(dataFolder);
  }
}, 120_000);
