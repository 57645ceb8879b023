/**
 * The quit sequence under a stand-in electron module: quit, closing the window, SIGTERM
 * and SIGINT all run one shutdown, the app exits only after it, and a run in progress is
 * aborted and saved before the exit.
 */
import { EventEmitter } from "node:events";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SqliteStore } from "../../src/main/agent/stores/sqlite/sqlite-store";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import type { ConversationView } from "../../src/shared/view-types";
import { openService, type ServiceFixture } from "../service/helpers";
import { app, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { EXIT_CODES, Lifecycle, wireLifecycle } = await import("../../src/main/electron/lifecycle");

let signals: EventEmitter;
let exited: Promise<number>;
beforeEach(() => {
  resetFakeElectron();
  signals = new EventEmitter();
  exited = new Promise((resolve) => {
    const original = app.exit.bind(app);
    app.exit = (code = 0) => {
      original(code);
      resolve(code);
    };
  });
});

/** A participant that finishes only when the test says so. */
function heldParticipant() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const joins: string[] = [];
  return { joins, release, participant: { name: "held", join: async (reason: string) => (joins.push(reason), released) } };
}

describe("lifecycle", () => {
  it("holds the quit until every participant has finished, then exits once", async () => {
    const lifecycle = new Lifecycle();
    const held = heldParticipant();
    const failing = { name: "failing", join: async () => Promise.reject(new Error("participant broke")) };
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    lifecycle.onWillShutdown(held.participant);
    lifecycle.onWillShutdown(failing);
    wireLifecycle(app, lifecycle, signals);

    const event = app.emitWithEvent("before-quit");
    expect(event.defaultPrevented).toBe(true);
    // Everything else that asks to end joins the same shutdown.
    app.emitWithEvent("before-quit");
    app.emit("window-all-closed");
    signals.emit("SIGTERM");
    await Promise.resolve();
    expect(held.joins).toEqual(["quit"]);
    expect(app.exitCalls).toEqual([]);

    held.release();
    expect(await exited).toBe(EXIT_CODES.quit);
    expect(consoleError).toHaveBeenCalledWith("Shutdown of failing failed:", expect.any(Error));
    consoleError.mockRestore();
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("%s shuts down and exits with %i", async (signal, code) => {
    const lifecycle = new Lifecycle();
    const held = heldParticipant();
    lifecycle.onWillShutdown(held.participant);
    wireLifecycle(app, lifecycle, signals);
    signals.emit(signal);
    expect(lifecycle.shuttingDown).toBe(true);
    held.release();
    expect(await exited).toBe(code);
    expect(held.joins).toEqual([signal]);
  });

  it("closing the last window ends the app the same way", async () => {
    const lifecycle = new Lifecycle();
    const held = heldParticipant();
    lifecycle.onWillShutdown(held.participant);
    wireLifecycle(app, lifecycle, signals);
    app.emit("window-all-closed");
    held.release();
    expect(await exited).toBe(0);
    expect(held.joins).toEqual(["window-all-closed"]);
  });
});

describe("quitting with a run in progress", () => {
  let fixture: ServiceFixture;
  afterEach(async () => {
    await fixture.close();
  });

  it("aborts the run and saves it before the app exits", async () => {
    fixture = await openService();
    fixture.model.script({ hang: true, text: "In the middle of a sent" });
    const { id } = await fixture.call("runs:start", { text: "Long answer please" });
    await fixture.log.step(id, "text_delta");

    const lifecycle = new Lifecycle();
    lifecycle.onWillShutdown({ name: "service", join: () => fixture.service.shutdown() });
    wireLifecycle(app, lifecycle, signals);
    let savedWhenExiting: string | null | undefined;
    const exitedAfterSave = exited.then(() => {
      // What the database holds at the moment of exit.
      const store = new SqliteStore(path.join(fixture.dataFolder, DATABASE_FILE_NAME));
      savedWhenExiting = store.read(id)?.snapshot?.stoppedBy;
      store.close();
    });
    expect(app.emitWithEvent("before-quit").defaultPrevented).toBe(true);
    await exitedAfterSave;
    expect(savedWhenExiting).toBe("aborted");

    const again = fixture.reopen();
    try {
      const view = await again.call<ConversationView>("conversations:get", { id });
      expect(view.summary.stoppedBy).toBe("aborted");
      expect(view.interruption).toMatchObject({ kind: "aborted", detail: expect.stringMatching(/because Alpine was quitting/) });
    } finally {
      await again.close();
    }
  });
});
