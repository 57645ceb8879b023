/**
 * Updates in the service: the status the window sees, the install rules (only through the
 * clean shutdown, never in the middle of a run, with the person asked first when runs are
 * going, a conversation waiting for the person kept as it is), and failures in words.
 * The updater is attached through the service's own port; the Electron layer's wiring to
 * electron-updater is tested in test/electron-layer/updates.test.ts.
 */
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import type { UpdateAttachment } from "../../src/main/service/updates/update-service";
import type { ConversationView } from "../../src/shared/view-types";
import type { InstallAnswer, UpdateStatus } from "../../src/shared/update-types";
import { AppEventBus } from "../../src/main/service/app-event-bus";
import { UpdateService } from "../../src/main/service/updates/update-service";
import { useServiceFixture, type ServiceFixture } from "./helpers";

const services = useServiceFixture();
let fixture: ServiceFixture;

/** An attachment whose install records what the database held at that moment. */
function attach(fx: ServiceFixture, options: { check?: () => Promise<unknown> } = {}) {
  const record = { installs: 0, quits: 0, shutdowns: 0, savedAtInstall: new Map<string, unknown>(), watch: [] as string[] };
  let installed!: () => void;
  const installedOrQuit = new Promise<void>((resolve) => (installed = resolve));
  const attachment: UpdateAttachment = {
    port: {
      check: options.check ?? (async () => undefined),
      install: () => {
        record.installs++;
        const store = new SqliteStore(path.join(fx.dataFolder, DATABASE_FILE_NAME));
        for (const id of record.watch) record.savedAtInstall.set(id, store.read(id)?.snapshot?.stoppedBy);
        store.close();
        installed();
      },
    },
    shutdown: async () => {
      record.shutdowns++;
      await fx.service.shutdown();
    },
    quit: () => {
      record.quits++;
      installed();
    },
  };
  fx.service.updates.attach(attachment);
  return { record, installedOrQuit };
}

const downloaded = (fx: ServiceFixture) => {
  fx.service.updates.report({ kind: "available", version: "2.0.0" });
  fx.service.updates.report({ kind: "downloaded", version: "2.0.0" });
};

describe("update status", () => {
  it("running from source: unsupported, says why, and refuses to install", async () => {
    fixture = await services.open();
    const status = await fixture.call<UpdateStatus>("updates:check");
    expect(status).toMatchObject({ phase: "unsupported", currentVersion: "test", message: expect.stringMatching(/runs from source/) });
    expect(await fixture.request("updates:install", { stopRuns: true })).toMatchObject({ ok: false, error: { name: "UpdateNotReadyError" } });
  });

  it("reports checking, the download's progress and the downloaded version to the window", async () => {
    fixture = await services.open();
    attach(fixture, {
      check: async () => {
        fixture.service.updates.report({ kind: "available", version: "2.0.0" });
        fixture.service.updates.report({ kind: "progress", progress: { percent: 50, transferred: 5, total: 10, bytesPerSecond: 100 } });
      },
    });
    expect(await fixture.call<UpdateStatus>("updates:status")).toMatchObject({ phase: "idle" });
    const afterCheck = await fixture.call<UpdateStatus>("updates:check");
    expect(afterCheck).toMatchObject({ phase: "downloading", version: "2.0.0", progress: { percent: 50, total: 10 } });
    fixture.service.updates.report({ kind: "downloaded", version: "2.0.0" });
    const phases = fixture.log.events.filter((e) => e.type === "update_status").map((e) => (e as { status: UpdateStatus }).status.phase);
    expect(phases).toEqual(["idle", "checking", "available", "downloading", "downloaded"]);
  });

  it("a failed check is an error in words, and the next check starts again", async () => {
    fixture = await services.open();
    attach(fixture, { check: async () => Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND github.com"), { code: "ENOTFOUND" })) });
    expect(await fixture.call<UpdateStatus>("updates:check")).toMatchObject({ phase: "error", message: expect.stringMatching(/connection failed.*Nothing was installed/) });
    fixture.service.updates.report({ kind: "error", error: Object.assign(new Error("sha512 checksum mismatch, expected a, got b"), { code: "ERR_CHECKSUM_MISMATCH" }) });
    expect(fixture.service.updates.status().message).toMatch(/refused: the downloaded file does not match the checksum/);
  });

  it("refuses to install before an update is downloaded", async () => {
    fixture = await services.open();
    attach(fixture);
    fixture.service.updates.report({ kind: "available", version: "2.0.0" });
    expect(await fixture.request("updates:install", { stopRuns: true })).toMatchObject({
      ok: false,
      error: { name: "UpdateNotReadyError", message: expect.stringMatching(/No update is ready/) },
    });
  });
});

describe("installing an update", () => {
  it("with a run going: asks first and touches nothing; confirmed, stops and saves the run, then installs", async () => {
    fixture = await services.open();
    const { record, installedOrQuit } = attach(fixture);
    downloaded(fixture);
    fixture.model.script({ hang: true, text: "Half of a long repl" });
    const { id } = await fixture.call("runs:start", { text: "Write a long reply" });
    await fixture.log.step(id, "text_delta");
    record.watch.push(id);

    expect(await fixture.call<InstallAnswer>("updates:install", { stopRuns: false })).toEqual({ installing: false, running: [id] });
    expect(fixture.service.runs.isRunning(id)).toBe(true);
    expect(record.shutdowns).toBe(0);

    expect(await fixture.call<InstallAnswer>("updates:install", { stopRuns: true })).toEqual({ installing: true, running: [] });
    await installedOrQuit;
    expect(record).toMatchObject({ shutdowns: 1, installs: 1, quits: 0 });
    // At the moment the installer was started, the run was already aborted and saved.
    expect(record.savedAtInstall.get(id)).toBe("aborted");

    const again = fixture.reopen();
    try {
      const view = await again.call<ConversationView>("conversations:get", { id });
      expect(view.interruption).toMatchObject({ kind: "aborted" });
    } finally {
      await again.close();
    }
  });

  it("a conversation waiting for the person is not a run: it installs at once and the question is kept as it is", async () => {
    fixture = await services.open();
    const { record, installedOrQuit } = attach(fixture);
    fixture.model.script({ toolUses: [{ name: "ask", input: { question: "Which city, Lisbon or Porto?" } }] });
    const { id } = await fixture.call("runs:start", { text: "Plan a trip" });
    await fixture.log.step(id, "run_end");
    const before = await fixture.call<ConversationView>("conversations:get", { id });
    expect(before.summary.stoppedBy).toBe("ask");
    record.watch.push(id);
    downloaded(fixture);

    expect(await fixture.call<InstallAnswer>("updates:install", { stopRuns: false })).toEqual({ installing: true, running: [] });
    await installedOrQuit;
    expect(record.installs).toBe(1);
    expect(record.savedAtInstall.get(id)).toBe("ask");
    const again = fixture.reopen();
    try {
      const after = await again.call<ConversationView>("conversations:get", { id });
      expect(after.pendingAsk).toEqual(before.pendingAsk);
      expect(after.totalEntries).toBe(before.totalEntries);
      expect(after.interruption).toBeNull();
    } finally {
      await again.close();
    }
  });

  it("never installs while a run has not finished saving: Alpine quits and the update waits", async () => {
    // A run that outlives the shutdown's bound (its save hangs): the service is given that list.
    const stillRunning = ["slow-save"];
    const bus = new AppEventBus();
    const updates = new UpdateService({ currentVersion: "1.0.0", bus, runningIds: () => stillRunning });
    let installs = 0;
    let quit!: () => void;
    const quitted = new Promise<void>((resolve) => (quit = resolve));
    let shutdowns = 0;
    updates.attach({ port: { check: async () => undefined, install: () => installs++ }, shutdown: async () => void shutdowns++, quit });
    updates.report({ kind: "downloaded", version: "2.0.0" });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await updates.install(true)).toEqual({ installing: true, running: [] });
    await quitted;
    expect({ installs, shutdowns }).toEqual({ installs: 0, shutdowns: 1 });
    expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/update was not installed: 1 run/));
    consoleError.mockRestore();
    // Once installing, a second request is refused rather than started twice.
    await expect(updates.install(true)).rejects.toMatchObject({ name: "UpdateNotReadyError", message: expect.stringMatching(/already being installed/) });
  });
});
