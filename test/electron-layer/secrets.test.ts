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

describe("how the key is kept", () => {
  it("with a keyring: encrypted with the keychain's key", async () => {
    const keeper = await SafeStorageSecretKeeper.open(file);
    expect(keeper.storage()).toEqual({
      protection: "keychain",
      backend: process.platform === "linux" ? "gnome_libsecret" : null,
      memoryOnly: false,
      canStoreOnDisk: true,
    });
  });

  it.runIf(process.platform === "linux")("on Linux without a keyring (basic_text): says the stored key is only obfuscated", async () => {
    safeStorage.backend = "basic_text";
    const keeper = await SafeStorageSecretKeeper.open(file);
    expect(keeper.storage()).toEqual({ protection: "obfuscated", backend: "basic_text", memoryOnly: false, canStoreOnDisk: true });
  });

  it("without encryption: the key lasts until Alpine quits, and settings say so", async () => {
    safeStorage.available = false;
    expect((await SafeStorageSecretKeeper.open(file)).storage().protection).toBe("unavailable");
  });

  it("memory only: the stored key is removed, a new one never written, and the choice is kept for the next start", async () => {
    const keeper = await SafeStorageSecretKeeper.open(file);
    keeper.set("sk-ant-on-disk");
    await keeper.flush();
    expect(fs.existsSync(file)).toBe(true);

    keeper.setMemoryOnly(true);
    await keeper.flush();
    expect(fs.existsSync(file)).toBe(false);
    expect(keeper.get()).toBe("sk-ant-on-disk");
    keeper.set("sk-ant-only-in-memory");
    await keeper.flush();
    expect(fs.existsSync(file)).toBe(false);
    expect(keeper.storage()).toMatchObject({ protection: "memory-only", memoryOnly: true });

    const next = await SafeStorageSecretKeeper.open(file);
    expect(next.get()).toBeNull();
    expect(next.storage().memoryOnly).toBe(true);

    // Back to the disk: the key in memory is stored encrypted again.
    next.set("sk-ant-back");
    next.setMemoryOnly(false);
    await next.flush();
    expect(fs.readFileSync(file).toString("utf8")).not.toContain("sk-ant-back");
    expect((await SafeStorageSecretKeeper.open(file)).get()).toBe("sk-ant-back");
  });

  it("re-encrypts the stored key when the system asks (shouldReEncrypt), and only then", async () => {
    const keeper = await SafeStorageSecretKeeper.open(file);
    keeper.set("sk-ant-rotated");
    await keeper.flush();
    const before = fs.readFileSync(file);
    expect(before.toString("latin1")).toMatch(/^ENC:1:/);

    const unchanged = await SafeStorageSecretKeeper.open(file);
    await unchanged.flush();
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    safeStorage.generation = 2;
    const encryptions = safeStorage.encryptions;
    const reopened = await SafeStorageSecretKeeper.open(file);
    await reopened.flush();
    expect(reopened.get()).toBe("sk-ant-rotated");
    expect(safeStorage.encryptions).toBe(encryptions + 1);
    expect(fs.readFileSync(file).toString("latin1")).toMatch(/^ENC:2:/);
    if (process.platform !== "win32") expect(readFileMode(file)).toBe(0o600);
    expect((await SafeStorageSecretKeeper.open(file)).get()).toBe("sk-ant-rotated");
  });

  it("passes how the key is kept through the environment fallback", async () => {
    const keeper = withEnvironmentFallback(await SafeStorageSecretKeeper.open(file), {});
    keeper.setMemoryOnly!(true);
    expect(keeper.storage!().memoryOnly).toBe(true);
  });
});
