/**
 * The service opened while the window loads: requests that come before it is open wait, and are
 * carried out in the order they came once it is; a service that cannot start answers every
 * request (waiting or later) with the reason, and says it through `opened`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openService, type OpenedService } from "../../src/main/service/open-service";
import { ServiceStart } from "../../src/main/service/service-start";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import { useCleanups } from "./helpers";

const cleanups = useCleanups();

function dataFolder(): string {
  return path.join(cleanups.tempDir(), "data");
}

/** A start held until `release()`: what the test sends meanwhile comes "before the service is ready". */
function heldStart(folder: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let opened: OpenedService | null = null;
  const start = new ServiceStart(async () => {
    await held;
    opened = openService({ dataFolder: folder, secrets: new MemorySecretKeeper("sk-ant-test-key") });
    cleanups.add(() => opened!.service.shutdown());
    return opened;
  });
  return { start, release, isOpen: () => opened !== null };
}

describe("ServiceStart", () => {
  it("answers requests sent before the service is open once it is, carried out in the order they came", async () => {
    const folder = dataFolder();
    const { start, release, isOpen } = heldStart(folder);
    const launch = start.dispatch("app:launch", { listLimit: 10, tail: 5 });
    const first = start.dispatch("settings:set", { systemPrompt: "first" });
    const second = start.dispatch("settings:set", { systemPrompt: "second" });
    const bad = start.dispatch("conversations:list", { limit: -1 });
    // Nothing has opened the database yet: the requests are waiting, not failed.
    expect(isOpen()).toBe(false);
    expect(fs.existsSync(path.join(folder, "alpine.db"))).toBe(false);

    release();
    expect(await launch).toMatchObject({ ok: true, value: { list: { items: [], total: 0 }, open: null, info: { dataFolder: folder } } });
    expect(await first).toMatchObject({ ok: true, value: { systemPrompt: "first" } });
    expect(await second).toMatchObject({ ok: true, value: { systemPrompt: "second" } });
    expect(await start.dispatch("settings:get", {})).toMatchObject({ ok: true, value: { systemPrompt: "second", hasApiKey: true } });
    // Validated like any request once the service is open.
    expect(await bad).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
    expect(fs.existsSync(path.join(folder, "alpine.db"))).toBe(true);
    // Later requests go straight to the open service.
    expect(await start.dispatch("conversations:list", { limit: 5 })).toEqual({ ok: true, value: { items: [], total: 0 } });
  });

  it("a service that cannot start: waiting and later requests get the reason, `opened` rejects with it, the file is left as it was", async () => {
    const folder = dataFolder();
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const database = path.join(folder, "alpine.db");
    fs.writeFileSync(database, "this is not a database, and it must stay as it is");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const start = new ServiceStart(async () => {
      await held;
      return openService({ dataFolder: folder, secrets: new MemorySecretKeeper(null) });
    });
    const waiting = start.dispatch("app:launch", {});
    release();

    const error = await start.opened.then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain("alpine.db");
    const expected = { ok: false, error: { name: error!.name, message: error!.message } };
    expect(await waiting).toEqual(expected);
    expect(await start.dispatch("settings:get", {})).toEqual(expected);
    expect(fs.readFileSync(database, "utf8")).toBe("this is not a database, and it must stay as it is");
  });
});
