/**
 * The service opened while the window loads: requests that come before it is open wait, and are
 * carried out in the order they came once it is; a service that cannot start answers every
 * request (waiting or later) with the reason, and says it through `opened`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { openService, type OpenedService } from "../../src/main/service/open-service";
import { ServiceStart } from "../../src/main/service/service-start";
import { PAGE_WAIT_MS, StartGate } from "../../src/main/service/start-gate";
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

  it("with a gate, begins the open only once the gate opens: when the page is served, or at the first request", async () => {
    const folder = dataFolder();
    const gate = new StartGate(60_000);
    cleanups.add(() => gate.open());
    let begun = 0;
    const start = new ServiceStart(async () => {
      begun++;
      const opened = openService({ dataFolder: folder, secrets: new MemorySecretKeeper("sk-ant-test-key") });
      cleanups.add(() => opened.service.shutdown());
      return opened;
    }, gate);
    // Turns of the event loop go by: nothing opens the service while the gate is shut.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(begun).toBe(0);
    expect(fs.existsSync(path.join(folder, "alpine.db"))).toBe(false);
    // A request needs the service: it opens the gate itself, and is answered.
    expect(await start.dispatch("settings:get", {})).toMatchObject({ ok: true, value: { hasApiKey: true } });
    expect(begun).toBe(1);
    gate.open();
    await start.opened;
    expect(begun).toBe(1);
  });
});

describe("StartGate", () => {
  it("opens when told, once, or by itself after the wait at most", async () => {
    vi.useFakeTimers();
    try {
      const told = new StartGate();
      const byItself = new StartGate();
      const states = { told: false, byItself: false };
      void told.whenOpen.then(() => (states.told = true));
      void byItself.whenOpen.then(() => (states.byItself = true));
      told.open();
      told.open();
      await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS - 1);
      expect(states).toEqual({ told: true, byItself: false });
      await vi.advanceTimersByTimeAsync(1);
      expect(states).toEqual({ told: true, byItself: true });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
