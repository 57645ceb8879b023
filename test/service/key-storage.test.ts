/**
 * How the API key is kept, as settings show it, and the person's choice to keep it out of the
 * disk: passed to the key keeper, refused with a clear message where there is no disk copy.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AlpineService } from "../../src/main/service/alpine-service";
import { createRequestHandlers, dispatchRequest } from "../../src/main/service/request-handlers";
import type { SecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import type { KeyStorageView } from "../../src/shared/view-types";
import { makeTempDir, removeDir } from "./helpers";

/** A keeper like the app's on Linux without a keyring: the stored key is only obfuscated. */
class ObfuscatingKeeper implements SecretKeeper {
  key: string | null = "sk-ant-1";
  memoryOnly = false;
  get = () => this.key;
  set = (key: string | null) => void (this.key = key);
  storage = (): KeyStorageView => ({
    protection: this.memoryOnly ? "memory-only" : "obfuscated",
    backend: "basic_text",
    memoryOnly: this.memoryOnly,
    canStoreOnDisk: true,
  });
  setMemoryOnly = (memoryOnly: boolean) => void (this.memoryOnly = memoryOnly);
}

let folder: string;
let service: AlpineService;
afterEach(async () => {
  await service.shutdown();
  removeDir(folder);
});

function open(secrets: SecretKeeper) {
  folder = makeTempDir();
  service = new AlpineService({ dataFolder: folder, secrets });
  const handlers = createRequestHandlers(service);
  return (channel: string, args: unknown = {}) => dispatchRequest(handlers, channel, args);
}

describe("how the API key is kept", () => {
  it("settings say the key is only obfuscated, and keep it in memory only when the person asks", async () => {
    const keeper = new ObfuscatingKeeper();
    const call = open(keeper);
    expect(await call("settings:get")).toMatchObject({ ok: true, value: { keyStorage: { protection: "obfuscated", backend: "basic_text", memoryOnly: false } } });
    expect(await call("settings:setKeyStorage", { memoryOnly: true })).toMatchObject({ ok: true, value: { keyStorage: { protection: "memory-only", memoryOnly: true } } });
    expect(keeper.memoryOnly).toBe(true);
    expect(await call("settings:setKeyStorage", { memoryOnly: false })).toMatchObject({ ok: true, value: { keyStorage: { memoryOnly: false } } });
    expect(await call("settings:setKeyStorage", { memoryOnly: "yes" })).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
  });

  it("a keeper with no disk copy refuses the choice with a clear message", async () => {
    const call = open(new MemorySecretKeeper("sk-ant-2"));
    expect(await call("settings:get")).toMatchObject({ ok: true, value: { keyStorage: { protection: "memory-only", canStoreOnDisk: false } } });
    expect(await call("settings:setKeyStorage", { memoryOnly: false })).toMatchObject({
      ok: false,
      error: { name: "InvalidSettingError", message: expect.stringContaining("always kept in memory only") },
    });
  });
});
