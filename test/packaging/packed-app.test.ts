/**
 * A real electron-builder run of the project, offline: the Linux "dir" target (the unpacked app
 * every Linux installer is made from) with a stand-in for the Electron binary, which cannot be
 * downloaded here. Everything else is electron-builder's own work: reading the configuration,
 * collecting the runtime node_modules, writing app.asar and app.asar.unpacked. The installers
 * themselves (dmg, nsis, AppImage, deb) need downloads and are built by the hosted CI on tags.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import os from "node:os";
import path from "node:path";
import asar from "@electron/asar";
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from "@electron/fuses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ensureAppBuilt, fromRoot, packageJson, projectRoot } from "./project-files";

/** A package name from an import specifier: "zod/v4" → "zod", "@scope/pkg/x" → "@scope/pkg". */
const packageName = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** The bare module names the built main process loads at run time (what the bundler left external). */
function externalImports(code: string): string[] {
  const found = new Set<string>();
  const patterns = [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, /(?:^|[;}])\s*import\s*["']([^"']+)["']/gm, /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found].filter((s) => !s.startsWith(".") && !s.startsWith("/") && !isBuiltin(s) && s !== "electron" && !s.startsWith("electron/"));
}

/** A fuse's state in the wire, as @electron/fuses writes it: "0" off, "1" on. */
const DISABLED = "0";
const ENABLED = "1";
/** The fuse sentinel @electron/fuses looks for in an Electron binary. */
const FUSE_SENTINEL = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";

/**
 * A stand-in for the Electron binary that carries a fuse wire as Electron 45 ships it (version 1,
 * eight fuses: RunAsNode, NODE_OPTIONS, --inspect and file:// privileges on, the others off), so
 * electron-builder flips real fuses and the test reads them back.
 */
function standInElectronBinary(): Buffer {
  const electronDefaults = "10110001";
  return Buffer.concat([
    Buffer.from("#!/bin/sh\necho 'stand-in for the Electron binary'\nexit 0\n# "),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([Number(FuseVersion.V1), electronDefaults.length]),
    Buffer.from(electronDefaults),
    Buffer.from("\n"),
  ]);
}

const onWindows = process.platform === "win32";
if (onWindows) console.warn("Skipped: the offline Linux package check writes a POSIX stand-in for Electron and runs on macOS and Linux only.");

describe.skipIf(onWindows)("the app as electron-builder packs it (Linux dir target, offline)", () => {
  let work = "";
  let resources = "";
  let executable = "";
  let archive = "";
  let packed: string[] = [];

  beforeAll(() => {
    ensureAppBuilt();
    work = mkdtempSync(path.join(os.tmpdir(), "alpine-"));
    const electronDist = path.join(work, "electron-dist");
    mkdirSync(electronDist);
    writeFileSync(path.join(electronDist, "electron"), standInElectronBinary());
    chmodSync(path.join(electronDist, "electron"), 0o755);
    const output = path.join(work, "dist");
    const run = spawnSync(
      process.execPath,
      [
        fromRoot("node_modules/electron-builder/cli.js"),
        "--linux",
        "dir",
        "--x64",
        "--publish",
        "never",
        `-c.electronDist=${electronDist}`,
        `-c.electronVersion=${packageJson().devDependencies.electron}`,
        `-c.directories.output=${output}`,
        // As the release workflow passes its repository (electron-builder.yml names none).
        "-c.publish.owner=example-owner",
        "-c.publish.repo=example-repo",
      ],
      { cwd: projectRoot, encoding: "utf8", env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: "false" } },
    );
    if (run.status !== 0) throw new Error(`electron-builder failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
    executable = path.join(output, "linux-unpacked", "alpine-desktop");
    resources = path.join(output, "linux-unpacked", "resources");
    archive = path.join(resources, "app.asar");
    packed = asar.listPackage(archive, { isPack: false }).map((entry) => entry.replaceAll("\\", "/"));
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("puts the built app and package.json in app.asar, and no sources or tests", () => {
    for (const entry of ["/package.json", "/out/main/index.js", "/out/preload/index.cjs", "/out/renderer/index.html"]) {
      expect(packed).toContain(entry);
    }
    const topLevel = new Set(packed.map((entry) => entry.split("/")[1]));
    expect([...topLevel].sort()).toEqual(["node_modules", "out", "package.json"]);
    expect(packed.filter((entry) => !entry.startsWith("/node_modules/") && /\.tsx?$/.test(entry))).toEqual([]);
  });

  it("flips Electron's fuses in the packed binary: no Node mode, no NODE_OPTIONS or --inspect, app.asar only and checked", async () => {
    const wire = await getCurrentFuseWire(executable);
    expect(wire.version).toBe(FuseVersion.V1);
    const state = (option: FuseV1Options) => String.fromCharCode(wire[option] as number);
    expect(state(FuseV1Options.RunAsNode)).toBe(DISABLED);
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(DISABLED);
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe(DISABLED);
    expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(DISABLED);
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(ENABLED);
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe(ENABLED);
    expect(state(FuseV1Options.EnableCookieEncryption)).toBe(ENABLED);
    // A fuse the configuration leaves alone keeps Electron's default.
    expect(state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot)).toBe(DISABLED);
  });

  it("writes the update feed into the app (app-update.yml), for electron-updater", () => {
    const feed = parse(readFileSync(path.join(resources, "app-update.yml"), "utf8"));
    expect(feed).toMatchObject({ provider: "github", owner: "example-owner", repo: "example-repo" });
  });

  it("packs a package.json whose main is the packed main bundle", () => {
    const packedPackage = JSON.parse(asar.extractFile(archive, "package.json").toString("utf8"));
    expect(packedPackage.main).toBe(packageJson().main);
    expect(packed).toContain(`/${packedPackage.main}`);
  });

  it("unpacks better-sqlite3's native module next to the archive, byte for byte the one in node_modules", () => {
    const relative = `node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`;
    expect(packed).toContain(`/${relative}`);
    const unpacked = readFileSync(path.join(resources, "app.asar.unpacked", relative));
    expect(unpacked.equals(readFileSync(fromRoot(relative)))).toBe(true);
  });

  it("leaves out better-sqlite3's SQLite sources and build leftovers", () => {
    const unpackedFiles = (readdirSync(path.join(resources, "app.asar.unpacked"), { recursive: true }) as string[]).map((f) => f.replaceAll("\\", "/"));
    const leftovers = [...packed, ...unpackedFiles].filter((f) => /better-sqlite3\/(deps|src)\/|sqlite3\.c$|test_extension\.node$|\/obj(\.target)?\//.test(f));
    expect(leftovers).toEqual([]);
  });

  it("packs every runtime dependency, and every package the main bundle loads is one of them", () => {
    const dependencies = Object.keys(packageJson().dependencies);
    for (const name of dependencies) expect(packed, `${name} packed`).toContain(`/node_modules/${name}/package.json`);
    const mainCode = readdirSync(fromRoot("out/main"), { recursive: true })
      .filter((file) => /\.[cm]?js$/.test(String(file)))
      .map((file) => readFileSync(fromRoot("out/main", String(file)), "utf8"))
      .join("\n");
    for (const specifier of externalImports(mainCode)) {
      expect(dependencies, `the main bundle loads "${specifier}" at run time`).toContain(packageName(specifier));
      expect(packed).toContain(`/node_modules/${packageName(specifier)}/package.json`);
    }
  });
});
