/**
 * The window's first request goes out before the app's code is loaded; what the main process
 * says meanwhile (app events, the launch's answer) is kept and handed to the app in the order
 * it came, so an event that followed the first screen's data is never applied before it.
 */
import { describe, expect, it } from "vitest";
import type { AlpineApi, AppEvent } from "../../../src/shared/ipc-contract";
import type { LaunchView } from "../../../src/shared/view-types";
import { FIRST_SCREEN_TAIL, keepEarlyItems, requestFirstScreen, type EarlyItem } from "../../../src/renderer/src/start/first-request";

/** A connection whose answers and events the test sends when it wants, as the main process would. */
function scriptedApi() {
  const requests: Array<{ channel: string; args: unknown; answer(value: unknown): void; fail(error: Error): void }> = [];
  const listeners = new Set<(event: AppEvent) => void>();
  const api = {
    request: (channel: string, args: unknown) =>
      new Promise((answer, fail) => {
        requests.push({ channel, args, answer, fail });
      }),
    onEvent(listener: (event: AppEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as AlpineApi;
  const emit = (event: AppEvent) => listeners.forEach((listener) => listener(event));
  return { api, requests, emit };
}

const launch = { settings: { hasApiKey: true }, info: { version: "1.0.0" }, list: { items: [], total: 0 }, open: null } as unknown as LaunchView;
const event = (id: string) => ({ type: "conversation_deleted", id }) as AppEvent;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const labels = (items: EarlyItem[]) => items.map((item) => (item.kind === "event" ? `event ${(item.event as { id: string }).id}` : `launch ${item.outcome.ok}`));

describe("the window's first request", () => {
  it("is app:launch, asked at once, before anything else", () => {
    const { api, requests } = scriptedApi();
    requestFirstScreen({ api, transport: "websocket", connected: Promise.resolve() }, 100);
    expect(requests.map((r) => [r.channel, r.args])).toEqual([["app:launch", { listLimit: 100, tail: FIRST_SCREEN_TAIL }]]);
  });

  it("keeps what arrives before the app takes over, and hands it over in arrival order", async () => {
    const { api, requests, emit } = scriptedApi();
    const early = requestFirstScreen({ api, transport: "websocket", connected: Promise.resolve() }, 100);
    emit(event("before"));
    requests[0].answer(launch);
    await settle();
    emit(event("after"));

    const received: EarlyItem[] = [];
    early.takeOver((item) => received.push(item));
    expect(labels(received)).toEqual(["event before", "launch true", "event after"]);
    const handed = received[1];
    expect(handed.kind === "launch" && handed.outcome.ok && handed.outcome.launch).toBe(launch);

    // Once taken over, items go straight to the app.
    emit(event("later"));
    expect(labels(received)).toEqual(["event before", "launch true", "event after", "event later"]);
  });

  it("keeps the events of a connection opened before the request is made, ahead of the launch's answer", async () => {
    const { api, requests, emit } = scriptedApi();
    const chosen = { api, transport: "websocket" as const, connected: Promise.resolve() };
    // The window connects at once and asks once its kept screen is painted: an event may come between.
    const items = keepEarlyItems(chosen);
    emit(event("before the request"));
    expect(requests).toEqual([]);
    const early = requestFirstScreen(chosen, 100, items);
    emit(event("before the answer"));
    requests[0].answer(launch);
    await settle();
    const received: EarlyItem[] = [];
    early.takeOver((item) => received.push(item));
    expect(labels(received)).toEqual(["event before the request", "event before the answer", "launch true"]);
  });

  it("hands over the launch's answer when it comes after the app took over, or why it failed", async () => {
    const { api, requests } = scriptedApi();
    const early = requestFirstScreen({ api, transport: "websocket", connected: Promise.resolve() }, 100);
    const received: EarlyItem[] = [];
    early.takeOver((item) => received.push(item));
    expect(received).toEqual([]);
    requests[0].fail(new Error("The database is locked."));
    await settle();
    expect(labels(received)).toEqual(["launch false"]);
    const failed = received[0];
    expect(failed.kind === "launch" && !failed.outcome.ok && (failed.outcome.error as Error).message).toBe("The database is locked.");
  });

  it("says when the launch's answer, or its failure, is in (the app's code runs then)", async () => {
    for (const outcome of ["answer", "failure"] as const) {
      const { api, requests } = scriptedApi();
      const early = requestFirstScreen({ api, transport: "websocket", connected: Promise.resolve() }, 100);
      let launched = false;
      void early.launched.then(() => (launched = true));
      await settle();
      expect(launched).toBe(false);
      if (outcome === "answer") requests[0].answer(launch);
      else requests[0].fail(new Error("The connection closed."));
      await settle();
      expect({ outcome, launched }).toEqual({ outcome, launched: true });
      // What came is kept for the app, which takes over after.
      const received: EarlyItem[] = [];
      early.takeOver((item) => received.push(item));
      expect(labels(received)).toEqual([outcome === "answer" ? "launch true" : "launch false"]);
    }
  });
});
