/**
 * The installer configuration (electron-builder.yml) and the package.json fields it relies on:
 * what is packed exists after `electron-vite build`, better-sqlite3 is unpacked and is a runtime
 * dependency, and the app id and targets are the ones the README promises.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { minimatch } from "minimatch";
import { beforeAll, describe, expect, it } from "vitest";
import { loadBuilderConfig, validateBuilderConfig } from "./builder-schema";
import { builderConfig, ensureAppBuilt, fromRoot, packageJson, projectRoot, readText } from "./project-files";

/** Every file under a folder of the project, as forward-slash paths relative to the root. */
function filesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(fromRoot(relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  if (existsSync(fromRoot(folder))) walk(folder);
  return out;
}

/** The folder a glob starts from: everything before its first wildcard. */
function globBase(pattern: string): string {
  const parts = pattern.split("/");
  const firstWild = parts.findIndex((part) => /[*?{[]/.test(part));
  return (firstWild === -1 ? parts : parts.slice(0, firstWild)).join("/");
}

type Target = { target: string; arch: string[] };
const targetsOf = (platform: any): Target[] => platform.target;
const archsOf = (platform: any, name: string) => targetsOf(platform).find((t) => t.target === name)?.arch ?? [];

describe("electron-builder.yml", () => {
  const config = builderConfig();

  beforeAll(() => ensureAppBuilt());

  it("names the app and writes installers to dist/", () => {
    expect(config.appId).toBe("app.alpine.desktop");
    expect(config.productName).toBe("Alpine");
    expect(config.directories).toEqual({ output: "dist", buildResources: "build" });
  });

  it("packs only the built app and package.json, and every pattern it packs matches built files", () => {
    const positive = config.files.filter((pattern: string) => !pattern.startsWith("!"));
    expect(positive).toEqual(["out/**", "package.json"]);
    for (const pattern of positive) {
      const base = globBase(pattern);
      const candidates = statSync(fromRoot(base)).isDirectory() ? filesUnder(base) : [base];
      const matched = candidates.filter((file) => minimatch(file, pattern, { dot: true }));
      expect(matched, `no file matches "${pattern}"`).not.toEqual([]);
    }
    // The exclusions trim better-sqlite3's sources only; nothing else is held back.
    for (const pattern of config.files.filter((p: string) => p.startsWith("!"))) {
      expect(pattern).toMatch(/^!\*\*\/node_modules\/better-sqlite3\//);
    }
  });

  it("packs the three bundles electron-vite writes: main, preload and window", () => {
    const built = filesUnder("out");
    for (const entry of ["out/main/index.js", "out/preload/index.cjs", "out/renderer/index.html"]) {
      expect(built, `${entry} after electron-vite build`).toContain(entry);
      expect(minimatch(entry, "out/**")).toBe(true);
    }
  });

  it("keeps better-sqlite3's prebuilt Node-API module outside the asar archive, and rebuilds nothing", () => {
    const nativeModule = `node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`;
    expect(existsSync(fromRoot(nativeModule)), `${nativeModule} ships with the package`).toBe(true);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack.some((pattern: string) => minimatch(nativeModule, pattern, { dot: true }))).toBe(true);
    expect(config.npmRebuild).toBe(false);
  });

  it("builds a dmg and a zip for Apple silicon and Intel, with the hardened runtime and its entitlements", () => {
    expect(targetsOf(config.mac).map((t) => t.target)).toEqual(["dmg", "zip"]);
    expect(archsOf(config.mac, "dmg")).toEqual(["arm64", "x64"]);
    expect(archsOf(config.mac, "zip")).toEqual(["arm64", "x64"]);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.category).toMatch(/^public\.app-category\./);
    for (const key of ["entitlements", "entitlementsInherit"]) {
      expect(config.mac[key]).toBe("build/entitlements.mac.plist");
      expect(existsSync(fromRoot(config.mac[key]))).toBe(true);
    }
  });

  it("builds one NSIS installer each for Windows x64 and arm64, which keeps the data on uninstall", () => {
    expect(targetsOf(config.win).map((t) => t.target)).toEqual(["nsis"]);
    expect(archsOf(config.win, "nsis")).toEqual(["x64", "arm64"]);
    expect(config.nsis.buildUniversalInstaller).toBe(false);
    expect(config.nsis.artifactName).toContain("${arch}");
    expect(config.nsis.deleteAppDataOnUninstall).toBe(false);
  });

  it("builds an AppImage and a deb for Linux x64, with a category and a maintainer", () => {
    expect(targetsOf(config.linux).map((t) => t.target)).toEqual(["AppImage", "deb"]);
    expect(archsOf(config.linux, "AppImage")).toContain("x64");
    expect(archsOf(config.linux, "deb")).toContain("x64");
    expect(config.linux.category).toBeTruthy();
    expect(config.linux.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
  });

  it("names the Linux package and executable alpine-desktop, never alpine (Debian's mail client)", () => {
    expect(config.linux.executableName).toBe("alpine-desktop");
    expect(config.deb.packageName).toBe("alpine-desktop");
    expect(config.deb.artifactName).toMatch(/^alpine-desktop_/);
    // Without packageName the deb is named after package.json's name, which is "alpine".
    expect(packageJson().name).toBe("alpine");
  });

  it("has the icon electron-builder looks for in build/", () => {
    expect(existsSync(path.join(projectRoot, config.directories.buildResources, "icon.png"))).toBe(true);
  });

  it("flips Electron's fuses: no Node mode, no NODE_OPTIONS or --inspect, app.asar only and checked, cookies encrypted", () => {
    expect(config.electronFuses).toEqual({
      // An unsigned Apple-silicon app changed after linking refuses to launch without a fresh ad-hoc signature.
      resetAdHocDarwinSignature: true,
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it("publishes a draft to a GitHub Releases feed, the one electron-updater checks, with no owner or repository written in", () => {
    // The release workflow passes its own repository; a placeholder here would be every copy's feed.
    expect(config.publish).toEqual({ provider: "github", releaseType: "draft" });
  });

  it("passes electron-builder's own schema check (which refuses an unknown key)", async () => {
    const loaded = await loadBuilderConfig();
    expect(loaded.appId).toBe("app.alpine.desktop");
    await expect(validateBuilderConfig(loaded)).resolves.toBeUndefined();
    await expect(validateBuilderConfig({ ...loaded, appIdentifier: "typo" })).rejects.toThrow(/appIdentifier/);
    await expect(validateBuilderConfig({ ...loaded, electronFuses: { runAsNodeTypo: false } })).rejects.toThrow(/electronFuses/);
  });
});

describe("package.json for packaging", () => {
  const pkg = packageJson();

  beforeAll(() => ensureAppBuilt());

  it("points main at the built main bundle, which the packed files include", () => {
    expect(pkg.main).toBe("out/main/index.js");
    expect(existsSync(fromRoot(pkg.main))).toBe(true);
  });

  it("ships better-sqlite3 as a runtime dependency", () => {
    expect(pkg.dependencies["better-sqlite3"]).toBeTruthy();
    expect(pkg.devDependencies["better-sqlite3"]).toBeUndefined();
  });

  it("pins Electron exactly, as a development dependency (electron-builder bundles its own binary)", () => {
    expect(pkg.devDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies.electron).toBeUndefined();
  });

  it("builds the app with electron-vite inside npm test, so a broken build fails CI", () => {
    expect(pkg.scripts.test).toBe("node scripts/test.mjs");
    expect(readText("scripts/test.mjs")).toMatch(/electron-vite["')]*,\s*\[\s*"build"\s*\]/);
  });

  it("has scripts to build installers and to run the real-app test, and none to rebuild the native module", () => {
    expect(pkg.scripts.dist).toBe("electron-vite build && electron-builder --publish never");
    // Only the real-app folder: vitest filters by substring, and test/electron-layer runs under Node.
    expect(pkg.scripts["test:electron"]).toBe("vitest run test/electron/");
    // One better-sqlite3 module serves Node and Electron (Node-API), so there is nothing to switch between.
    expect(Object.keys(pkg.scripts).filter((name) => name.startsWith("rebuild"))).toEqual([]);
    expect(readText("scripts/start.mjs")).not.toMatch(/rebuild|node-gyp|ALPINE_SQLITE_BINDING/);
  });
});
