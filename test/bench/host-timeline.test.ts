/**
 * The test host's account of a launch (bench/window/host-timeline.ts): read from the lines a real
 * test host writes with `requestTimes`, and from lines written by hand for what it must refuse.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HOST_STEPS, readHostTimeline } from "../../bench/window/host-timeline";
import { listenTestHost } from "../support/test-host";
import { startModelServer } from "../support/model-server";
import { connectTestSocket } from "../support/websocket-test-client";

const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-host-timeline-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the host's timeline of a launch", () => {
  it("has each step of a real host's start in order, and the window's first request after the service is open", async () => {
    const dataFolder = path.join(folder, "data");
    mkdirSync(dataFolder, { recursive: true });
    const requestTimes = path.join(folder, "requests.jsonl");
    const model = await startModelServer();
    const host = await listenTestHost({ dataFolder, modelUrl: model.url, requestTimes });
    try {
      // The page served opens the service (start-gate.ts), as a window's navigation does.
      const page = await fetch(host.url);
      expect(page.status).toBe(200);
      await page.text();
      await host.opened;
      const socket = await connectTestSocket(host.wsUrl, new URL(host.url).origin);
      try {
        expect((await socket.request("app:launch", {})).ok).toBe(true);
      } finally {
        socket.close();
      }
      const { steps, launch } = readHostTimeline(readFileSync(requestTimes, "utf8"));
      const times = HOST_STEPS.map((step) => steps[step]);
      expect(times.every((t) => Number.isFinite(t) && t > 0), JSON.stringify(steps)).toBe(true);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(launch).not.toBeNull();
      expect(launch!.arrivedAtMs).toBeGreaterThan(steps["page served"]);
      expect(launch!.ms).toBeGreaterThanOrEqual(0);
      expect(launch!.bytes).toBeGreaterThan(0);
    } finally {
      await host.close();
      await model.close();
    }
  });

  it("keeps each step's first time and the first app:launch, and refuses a line of another kind", () => {
    const text = [
      '{"mark":"listening","atMs":90}',
      '{"mark":"page served","atMs":120}',
      '{"mark":"page served","atMs":900}',
      '{"channel":"app:info","arrivedAtMs":400,"ms":1,"bytes":10}',
      '{"channel":"app:launch","arrivedAtMs":450,"ms":20,"bytes":64000}',
      '{"channel":"app:launch","arrivedAtMs":990,"ms":5,"bytes":64000}',
      "",
    ].join("\n");
    const { steps, launch } = readHostTimeline(text);
    expect(steps.listening).toBe(90);
    expect(steps["page served"]).toBe(120);
    expect(steps["service open"]).toBeNaN();
    expect(launch).toEqual({ arrivedAtMs: 450, ms: 20, bytes: 64000 });
    expect(readHostTimeline('{"channel":"app:launch","ms":3,"bytes":1}').launch?.arrivedAtMs).toBeNaN();
    expect(() => readHostTimeline('{"mark":"listening","atMs":1}\n{"what":1}')).toThrow(/line 2 .* neither a step nor a request/);
  });
});
