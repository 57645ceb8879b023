/**
 * What waits for the person and when they are told, through the real service and runs: a run
 * that ends or waits for an answer while the window is not focused gives a notice with the
 * conversation's title and what happened; none while the window has the focus, none for a
 * run the person stopped, none when turned off; the badge counts what waits; the tray's
 * lists follow the runs.
 */
import { describe, expect, it } from "vitest";
import type { Notice } from "../../src/main/service/attention/attention-rules";
import { noticeBody, noticeKind, noticeTitle } from "../../src/main/service/attention/attention-rules";
import type { AttentionSnapshot } from "../../src/main/service/attention/attention";
import { useServiceFixture, type ServiceFixture } from "./helpers";

const fixtures = useServiceFixture();

function watch(fixture: ServiceFixture) {
  const notices: Notice[] = [];
  const snapshots: AttentionSnapshot[] = [];
  fixture.service.attention.onNotice((notice) => notices.push(notice));
  fixture.service.attention.onChange((snapshot) => snapshots.push(snapshot));
  return { notices, snapshots };
}

describe("notifications and the badge", () => {
  it("a run that ends while the window is not focused: a notice with the title and what happened; none while it is focused", async () => {
    const fixture = await fixtures.open();
    const { notices, snapshots } = watch(fixture);
    fixture.service.attention.setWindowFocused(false);
    fixture.model.script({ text: "Done." });
    const { id } = await fixture.call("runs:start", { text: "Plan the trip" });
    await fixture.log.step(id, "run_end");
    expect(notices).toEqual([{ conversationId: id, kind: "ended", title: "Plan the trip", body: "The reply is ready." }]);
    // While it ran the tray listed it with what it did; afterwards nothing runs or waits.
    expect(snapshots.some((s) => s.running.some((r) => r.conversationId === id && r.state.kind === "writing"))).toBe(true);
    expect(snapshots.at(-1)).toMatchObject({ running: [], waiting: [], badgeCount: 0 });

    fixture.service.attention.setWindowFocused(true);
    fixture.model.script({ text: "Again." });
    await fixture.call("runs:send", { id, text: "More" });
    await fixture.log.step(id, "run_end", fixture.log.count);
    expect(notices).toHaveLength(1);
  });

  it("a question waits: the notice says it, the badge counts it until it is answered; turned off, neither", async () => {
    const fixture = await fixtures.open();
    const { notices } = watch(fixture);
    fixture.service.attention.setWindowFocused(false);
    fixture.model.script({ toolUses: [{ id: "toolu_ask", name: "ask", input: { question: "Which colour?", choices: ["Red", "Blue"] } }] }, { text: "Red it is." });
    const { id } = await fixture.call("runs:start", { text: "Paint the fence" });
    await fixture.log.step(id, "run_end");
    expect(notices).toEqual([{ conversationId: id, kind: "waiting", title: "Paint the fence", body: "Asks you: Which colour?" }]);
    expect(fixture.service.attention.snapshot()).toMatchObject({ waiting: [{ conversationId: id, title: "Paint the fence" }], badgeCount: 1 });
    await fixture.call("settings:set", { desktop: { badgeCount: false } });
    expect(fixture.service.attention.snapshot().badgeCount).toBe(0);
    await fixture.call("settings:set", { desktop: { badgeCount: true, notifyRunEnded: false } });
    const since = fixture.log.count;
    await fixture.call("runs:answer", { id, answer: "Red" });
    await fixture.log.step(id, "run_end", since);
    expect(fixture.service.attention.snapshot()).toMatchObject({ waiting: [], badgeCount: 0 });
    expect(notices).toHaveLength(1); // the end's notice is turned off
    expect(fixture.log.events.filter((e) => e.type === "desktop_settings")).toHaveLength(2);
  });

  it("an error says so; a run the person stopped says nothing", async () => {
    const fixture = await fixtures.open();
    const { notices } = watch(fixture);
    fixture.service.attention.setWindowFocused(false);
    fixture.model.script({ error: { status: 400, type: "invalid_request_error", message: "The prompt is too long." } });
    const failed = await fixture.call("runs:start", { text: "Too much" });
    await fixture.log.step(failed.id, "run_end");
    expect(notices).toEqual([{ conversationId: failed.id, kind: "ended", title: "Too much", body: expect.stringMatching(/^Stopped with an error: .*too long/) }]);
    fixture.model.script({ hang: true, text: "Once upon" });
    const stopped = await fixture.call("runs:start", { text: "A long story" });
    await fixture.log.step(stopped.id, "text_delta");
    await fixture.call("runs:stop", { id: stopped.id });
    await fixture.log.step(stopped.id, "run_end");
    expect(notices).toHaveLength(1);
  });
});

describe("the rules on their own", () => {
  it("an approval names the tool; text is cut short and flattened; an untitled conversation has a name", () => {
    expect(noticeBody({ stoppedBy: "ask", error: null, lastTool: { name: "write_file", input: { path: "a" } } })).toBe("Waiting for your approval to use write_file.");
    expect(noticeBody({ stoppedBy: "ask", error: null, lastTool: null })).toBe("Waiting for your answer.");
    expect(noticeBody({ stoppedBy: "ask", error: null, lastTool: { name: "ask", input: { question: `line\n${"x".repeat(300)}` } } })).toMatch(/^Asks you: line x+…$/);
    expect(noticeBody({ stoppedBy: "max_steps", error: null, lastTool: null })).toMatch(/continue/);
    expect(noticeKind({ stoppedBy: "aborted", error: null, lastTool: null })).toBeNull();
    expect(noticeKind({ stoppedBy: null, error: null, lastTool: null })).toBeNull();
    expect(noticeTitle(undefined)).toBe("Alpine");
    expect(noticeTitle({ title: "", task: "First words" })).toBe("First words");
  });
});
