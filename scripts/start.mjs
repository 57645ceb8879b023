// `npm start`: build the app, make sure Electron and an Electron build of the SQLite
// module are present, then launch Alpine.
//
// The tests run better-sqlite3 under Node; Electron needs the same module built for its
// own ABI. So the Electron build is kept apart, in .electron-native/, and the app is told
// where it is (ALPINE_SQLITE_BINDING); node_modules stays as the tests need it.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { nodeVersionProblem } from "./node-version.mjs";

// Said first and plainly: on an older Node the build would fail later with an obscure error.
const tooOld = nodeVersionProblem(process.versions.node);
if (tooOld) {
  console.error(`\nAlpine could not start: ${tooOld}`);
  process.exit(1);
}

const root = resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const run = (command, args, options = {}) => spawnSync(command, args, { stdio: "inherit", cwd: root, ...options }).status === 0;
const fail = (message) => {
  console.error(`\nAlpine could not start: ${message}`);
  process.exit(1);
};

if (!run(process.execPath, [join(root, "node_modules/electron-vite/bin/electron-vite.js"), "build"])) fail("the build failed (see above).");

// 1. The Electron binary (the electron package downloads it on first use).
const electronDir = join(root, "node_modules/electron");
const electronVersion = JSON.parse(readFileSync(join(electronDir, "package.json"), "utf8")).version;
const binaryPath = () => {
  const pathFile = join(electronDir, "path.txt");
  return existsSync(pathFile) ? join(electronDir, "dist", readFileSync(pathFile, "utf8")) : null;
};
if (!binaryPath() || !existsSync(binaryPath())) {
  console.log(`Downloading Electron ${electronVersion} (once)...`);
  if (!run(process.execPath, [join(electronDir, "install.js")]) || !binaryPath() || !existsSync(binaryPath())) {
    fail(
      `the Electron ${electronVersion} binary could not be downloaded. It comes from Electron's release site; ` +
        "connect to the internet (or set ELECTRON_MIRROR to a mirror you can reach) and run npm start again.",
    );
  }
}

// 2. better-sqlite3 built for this Electron version, kept apart from the Node build.
const nativeDir = join(root, ".electron-native", `electron-${electronVersion}-${process.platform}-${process.arch}`);
const binding = join(nativeDir, "better_sqlite3.node");
if (!existsSync(binding)) {
  console.log(`Building the SQLite module for Electron ${electronVersion} (once)...`);
  const work = join(nativeDir, "package");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(nativeDir, { recursive: true });
  cpSync(join(root, "node_modules/better-sqlite3"), work, {
    recursive: true,
    filter: (source) => !source.includes(`${join("better-sqlite3", "build")}`),
  });
  const prebuild = join(root, "node_modules/prebuild-install/bin.js");
  const gyp = require.resolve("node-gyp/bin/node-gyp.js");
  const built =
    run(process.execPath, [prebuild, "--runtime", "electron", "--target", electronVersion], { cwd: work }) ||
    run(process.execPath, [gyp, "rebuild", "--release", "--runtime=electron", `--target=${electronVersion}`, "--dist-url=https://electronjs.org/headers"], { cwd: work });
  if (!built) fail("better-sqlite3 could not be built for Electron (see above). Electron's headers must be reachable.");
  cpSync(join(work, "build/Release/better_sqlite3.node"), binding);
  rmSync(work, { recursive: true, force: true });
}

// 3. Launch, passing signals on so a Ctrl+C in this terminal ends runs cleanly.
const app = spawn(binaryPath(), [root, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, ALPINE_SQLITE_BINDING: binding },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => app.kill(signal));
app.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
