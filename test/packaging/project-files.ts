/**
 * The project's packaging files as the packaging checks read them: the electron-builder
 * configuration, package.json, the hosted CI workflow, and the built app in out/.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
export const fromRoot = (...parts: string[]) => path.join(projectRoot, ...parts);

export const readText = (relative: string) => readFileSync(fromRoot(relative), "utf8");
export const readYaml = (relative: string): any => parse(readText(relative));

export interface PackageJson {
  name: string;
  main: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
export const packageJson = (): PackageJson => JSON.parse(readText("package.json"));

export const builderConfig = () => readYaml("electron-builder.yml");
export const WORKFLOW_FILE = ".github/workflows/ci.yml";

/** `npm test` builds before the tests run; a test run on its own builds here when out/ is missing. */
export function ensureAppBuilt(): void {
  if (existsSync(fromRoot(packageJson().main))) return;
  const build = spawnSync(process.execPath, [fromRoot("node_modules/electron-vite/bin/electron-vite.js"), "build"], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stdout}\n${build.stderr}`);
}
