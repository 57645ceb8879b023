// `npm start`: check the Node, build the app, make sure the Electron binary is present, then
// launch Alpine.
//
// better-sqlite3 ships prebuilt Node-API binaries (ABI-stable), so the one in node_modules
// loads under the tests' Node and under Electron alike: nothing is rebuilt for Electron.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { sandboxProblem } from "./linux-sandbox.mjs";
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

// 2. On Linux, Chromium's sandbox must be able to start (Ubuntu 24.04 and later restrict it):
// say how to fix it rather than let Electron die with the SUID sandbox message.
const problem = sandboxProblem({
  platform: process.platform,
  electronBinary: binaryPath(),
  readText: (file) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  },
  stat: (file) => {
    try {
      const { uid, mode } = statSync(file);
      return { uid, mode };
    } catch {
      return null;
    }
  },
  listFolder: (folder) => {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  },
});
if (problem) fail(`\n\n${problem}`);

// 3. Launch, passing signals on so a Ctrl+C in this terminal ends runs cleanly.
const app = spawn(binaryPath(), [root, ...process.argv.slice(2)], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => app.kill(signal));
app.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
