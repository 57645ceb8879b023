/**
 * Notifications and the badge in the Electron layer, with the stand-in electron: the
 * service's own rules (a real Attention on a real event bus, fed the events a run emits) and
 * the wiring: a notification shown only while the main window is not focused, its click
 * opening that conversation, the badge set to what waits; nothing when notifications are
 * not supported.
 */
import { describe, expect, it, vi } from "vitest";
import { AppEventBus } from "../../src/main/service/app-event-bus";
import { Attention } from "../../src/main/service/attention/attention";
import { DEFAULT_DESKTOP_SETTINGS } from "../../src/shared/desktop-types";
import type { StepEvent } from "../../src/shared/wire-types";
import { app, BrowserWindow, Notification, resetFakeElectron } from "./fake-electron";

vi.mock("electron", () => import("./fake-electron"));

const { followWindowFocus, wireNotifications } = await import("../../src/main/electron/desktop-notifications");

function setUp() {
  resetFakeElectron();
  const bus = new AppEventBus();
  const attention = new Attention(bus, () => DEFAULT_DESKTOP_SETTINGS);
  const window = new BrowserWindow({});
  const opened: string[] = [];
  followWindowFocus(app, false, attention);
  const stop = wireNotifications({ attention, Notification, app, openConversation: (id) => opened.push(id) });
  /** A step event as a run emits it (its stateId is the conversation's). */
  type StepWithoutState = StepEvent extends infer E ? (E extends StepEvent ? Omit<E, "stateId"> : never) : never;
  const step = (id: string, event: StepWithoutState) => bus.emit({ type: "step", conversationId: id, event: { ...event, stateId: id } as StepEvent });
  const named = (id: string, title: string) =>
    bus.emit({ type: "conversation_changed", summary: { id, conversationId: id, branchCount: 1, title, task: title, createdAt: "", updatedAt: "", stoppedBy: null, running: false } });
  return { bus, window, opened, stop, step, named };
}

describe("notifications and the badge, wired", () => {
  it("a run that waits while the window is not focused: a notification whose click opens it; the badge counts it until it runs again", () => {
    const { window, opened, step, named } = setUp();
    named("c1", "Trip plans");
    app.emit("browser-window-blur", {}, window);
    step("c1", { type: "run_start" });
    step("c1", { type: "tool_start", callId: "t1", name: "ask", input: { question: "Train or plane?" } });
    step("c1", { type: "run_end", stoppedBy: "ask", error: null });
    expect(Notification.shown.map((n) => n.options)).toEqual([{ title: "Trip plans", body: "Asks you: Train or plane?" }]);
    expect(app.badgeCounts).toEqual([0, 1]);
    Notification.shown[0].emit("click");
    expect(opened).toEqual(["c1"]);
    step("c1", { type: "run_start" });
    expect(app.badgeCounts).toEqual([0, 1, 0]);
  });

  it("no notification while the window has the focus, and none where the system has none", () => {
    const { window, step } = setUp();
    app.emit("browser-window-focus", {}, window);
    step("c2", { type: "run_start" });
    step("c2", { type: "run_end", stoppedBy: "end_turn", error: null });
    expect(Notification.shown).toEqual([]);
    app.emit("browser-window-blur", {}, window);
    Notification.supported = false;
    step("c2", { type: "run_start" });
    step("c2", { type: "run_end", stoppedBy: "end_turn", error: null });
    expect(Notification.shown).toEqual([]);
  });

  it("turned off at quit: nothing more is shown or counted", () => {
    const { window, step, stop } = setUp();
    app.emit("browser-window-blur", {}, window);
    stop();
    step("c3", { type: "run_start" });
    step("c3", { type: "run_end", stoppedBy: "ask", error: null });
    expect(Notification.shown).toEqual([]);
    expect(app.badgeCounts).toEqual([]);
  });
});
