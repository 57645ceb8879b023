// `npm start`: check the Node, build the app, make sure the Electron binary is present, then
// launch Alpine.
//
// better-sqlite3 ships prebuilt Node-API binaries (ABI-stable), so the one in node_modules
// loads under the tests' Node and under Electron alike: nothing is rebuilt for Electron.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { nodeVersionProblem } from "./node-version.mjs";

// First, before anything an older Node lacks (import.meta.dirname is Node 20.11+).
const oldNode = nodeVersionProblem();
if (oldNode) {
  console.error(`\nAlpine could not start: ${oldNode}`);
  process.exit(1);
}

const root = resolve(import.meta.dirname, "..");
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

// 2. Launch, passing signals on so a Ctrl+C in this terminal ends runs cleanly.
const app = spawn(binaryPath(), [root, ...process.argv.slice(2)], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => app.kill(signal));
app.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
