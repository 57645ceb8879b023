// Run as its own Node process, so that electron-updater is loaded by Node's ESM loader exactly
// as the bundled main process loads it (not through the test runner's CommonJS interop, which
// lists a getter as a named export and so hid a broken import): asks the app's
// `loadSystemUpdater()` for the updater and prints what it got as one line of JSON.
// `require("electron")` inside electron-updater gets the stand-in electron; the resources
// folder (argv[2]) holds app-update.yml like a packaged app's. The TypeScript files are loaded
// with Node's type stripping (Node 22.18 and later).
import { createRequire } from "node:module";

const electron = await import("./fake-electron.ts");
const { provideElectronToRequire } = await import("./electron-for-require.ts");
const { loadSystemUpdater } = await import("../../src/main/electron/updates.ts");

process.resourcesPath = process.argv[2];
electron.app.isPackaged = true;
provideElectronToRequire(electron);

let result;
try {
  const updater = await loadSystemUpdater();
  const { autoUpdater, AppUpdater } = createRequire(import.meta.url)("electron-updater");
  result = {
    isAppUpdater: updater instanceof AppUpdater,
    sameAsThePackagesAutoUpdater: updater === autoUpdater,
    updaterClass: updater?.constructor.name ?? null,
  };
} catch (error) {
  result = { error: String(error) };
}
console.log(JSON.stringify(result));
