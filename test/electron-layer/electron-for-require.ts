/**
 * The stand-in electron module (fake-electron.ts) for packages that `require("electron")`
 * themselves, such as electron-updater: `vi.mock` reaches only modules the test runner loads,
 * while a package in node_modules is loaded by Node itself, the way the app loads it. Node's
 * `require` returns what its cache holds for a resolved file name
 * (https://nodejs.org/api/modules.html#requirecache), so the entry for the electron package's
 * file is the stand-in until `restore()`.
 */
import { createRequire, Module } from "node:module";

const require = createRequire(import.meta.url);

export function provideElectronToRequire(electron: object): { restore(): void } {
  const file = require.resolve("electron");
  const previous = require.cache[file];
  const entry = new Module(file);
  entry.filename = file;
  entry.exports = electron;
  entry.loaded = true;
  require.cache[file] = entry;
  return {
    restore() {
      if (previous) require.cache[file] = previous;
      else delete require.cache[file];
    },
  };
}
