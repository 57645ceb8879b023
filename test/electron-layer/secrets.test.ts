/**
 * The API key kept with safeStorage (stand-in): encrypted in an owner-only file, read back
 * at the next start, removed when cleared; a file that cannot be decrypted means no key.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileMode, resetFakeElectron, safeStorage } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { SafeStorageSecretKeeper, withEnvironmentFallback } = await import("../../src/main/electron/secrets");

let folder: string;
let file: string;
beforeEach(() => {
  resetFakeElectron();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
  file = path.join(folder, "api-key.bin");
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("SafeStorageSecretKeeper", () => {
  it("keeps the key encrypted in an owner-only file and reads it at the next start", async () => {
    const keeper = await SafeStorageSecretKeeper.open(file);
    expect(keeper.get()).toBeNull();
    keeper.set("sk-ant-very-secret");
    expect(keeper.get()).toBe("sk-ant-very-secret");
    await keeper.flush();
    const stored = fs.readFileSync(file);
    expect(stored.toString("utf8")).not.toContain("sk-ant-very-secret");
    if (process.platform !== "win32") expect(readFileMode(file)).toBe(0o600);
    expect((await SafeStorageSecretKeeper.open(file)).get()).toBe("sk-ant-very-secret");
  });

  it("forgets the key: the file is removed", async () => {
    const keeper = await SafeStorageSecretKeeper.open(file);
    keeper.set("sk-ant-1");
    keeper.set(null);
    await keeper.flush();
    expect(fs.existsSync(file)).toBe(false);
    expect((await SafeStorageSecretKeeper.open(file)).get()).toBeNull();
  });

  it("a file that cannot be decrypted means no key, and the app still opens", async () => {
    fs.writeFileSync(file, "garbage");
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await SafeStorageSecretKeeper.open(file)).get()).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/could not be decrypted.*set it again in Settings/));
    consoleError.mockRestore();
  });

  it("keeps the key for this session when encryption is unavailable, and says so", async () => {
    safeStorage.available = false;
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const keeper = await SafeStorageSecretKeeper.open(file);
    keeper.set("sk-ant-2");
    await keeper.flush();
    expect(keeper.get()).toBe("sk-ant-2");
    expect(fs.existsSync(file)).toBe(false);
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/could not be stored/));
    consoleError.mockRestore();
  });

  it("falls back to ANTHROPIC_API_KEY only when no key is set", async () => {
    const keeper = await SafeStorageSecretKeeper.open(file);
    const withEnv = withEnvironmentFallback(keeper, { ANTHROPIC_API_KEY: "sk-from-env" });
    expect(withEnv.get()).toBe("sk-from-env");
    withEnv.set("sk-from-settings");
    expect(withEnv.get()).toBe("sk-from-settings");
    expect(withEnvironmentFallback(await SafeStorageSecretKeeper.open(path.join(folder, "none.bin")), {}).get()).toBeNull();
  });
});
