/**
 * electron-updater as the packaged app loads it: a CommonJS package imported by the bundled
 * (ES module) main process under Node's own ESM loader, whose named exports do not include
 * the `autoUpdater` getter. The load runs in a child Node process (load-system-updater.mjs),
 * since this test runner's CommonJS interop would list the getter and hide the difference.
 * Only `electron` itself is a stand-in there; electron-updater is the real package.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./load-system-updater.mjs", import.meta.url));
const systemUpdater: Record<string, string> = { win32: "NsisUpdater", darwin: "MacUpdater" };

let resources: string;
beforeEach(() => {
  resources = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-resources-"));
});
afterEach(() => fs.rmSync(resources, { recursive: true, force: true }));

describe("loadSystemUpdater under Node's ESM loader", () => {
  it("returns electron-updater's own autoUpdater, the updater class for this system", () => {
    const output = execFileSync(process.execPath, [script, resources], { encoding: "utf8", env: { ...process.env, NODE_NO_WARNINGS: "1" } });
    expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual({
      isAppUpdater: true,
      sameAsThePackagesAutoUpdater: true,
      updaterClass: systemUpdater[process.platform] ?? "AppImageUpdater",
    });
  });
});
