/**
 * The app stops while a tool call runs, then relaunches on the same database. The host
 * offers the model `slow_lookup`, a tool that runs until it is stopped and records each
 * start in a marker file. After SIGKILL (a crash) the card says the outcome is unknown,
 * the model is told exactly that, and the call is not run again; after SIGTERM (a clean
 * quit) the call was aborted and saved as such. Continue finishes the run either way.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { UNKNOWN_RESULT_TEXT } from "../../src/main/agent/state/history";
import type { RecordedRequest } from "../support/model-server";
import { readSlowLookupStarts, SLOW_LOOKUP_TOOL } from "../support/slow-lookup-tool";
import { useAlpineSession } from "./support/file-session";
import { conversationRow, startConversation, reopenConversation } from "./support/window-actions";
import { sentMessages } from "../support/model-server";

/** Long enough that only a stop ends it. */
const FOREVER_MS = 600_000;

describe("the app stops while a tool runs", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;
  const starts = (callId: string) => readSlowLookupStarts(e2e.session.slowToolMarker!).filter((start) => start.callId === callId);

  const e2e = useAlpineSession({ slowTool: true });

  /** Starts a conversation whose model calls slow_lookup; resolves once the tool runs and its card says so. */
  async function lookupRunning(task: string, callId: string): Promise<string> {
    await e2e.session.model.control.script({ toolUses: [{ id: callId, name: SLOW_LOOKUP_TOOL, input: { ms: FOREVER_MS } }], text: "Let me look that up." });
    const { id, since } = await startConversation(win(), task);
    await win().waitForStep("tool_start", { callId, name: SLOW_LOOKUP_TOOL }, since);
    // The tool appends its marker line as it starts, before the window hears of the start.
    expect(starts(callId)).toEqual([{ callId, ms: FOREVER_MS }]);
    const card = page().locator(`.tool-card[data-call-id="${callId}"]`);
    await card.and(page().locator('[data-tool-status="running"]')).waitFor();
    return id;
  }

  /** After a relaunch: conversation `id` shown (reopened by the window, or from the sidebar). */
  const reopen = (id: string) => reopenConversation(win(), id);

  /** The tool_result block for `callId` in the newest message of a model request. */
  function toolResultIn(request: RecordedRequest, callId: string): unknown {
    const last = sentMessages(request).at(-1);
    expect(last.role).toBe("user");
    return (last.content as { type: string; tool_use_id?: string }[]).find((block) => block.type === "tool_result" && block.tool_use_id === callId);
  }

  /** Presses Continue on the banner, with the model scripted to answer `reply`; returns the model request it made. */
  async function continueWith(id: string, banner: Locator, reply: string) {
    await e2e.session.model.control.script({ text: reply });
    const requestsBefore = (await e2e.session.model.control.requests()).length;
    const since = await win().mark();
    await banner.getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, since);
    await banner.waitFor({ state: "detached" });
    await page().getByText(reply).waitFor();
    const requests = await e2e.session.model.control.requests(requestsBefore + 1);
    expect(requests).toHaveLength(requestsBefore + 1);
    return requests.at(-1)!;
  }

  it("SIGKILL mid-call: listed after relaunch, the card says the outcome is unknown, the model is told so, and Continue finishes without running the tool again", async () => {
    const callId = "toolu_slow_lookup_killed";
    const id = await lookupRunning("Look up the opening hours of the library", callId);

    const exit = await e2e.session.restartHost("SIGKILL");
    expect(exit.signal).toBe("SIGKILL");

    const listed = await win().waitFor("list-rendered");
    expect(listed.detail.ids).toContain(id);
    expect(await conversationRow(win(), id).locator("[data-status]").textContent()).toContain("Interrupted");

    const opened = await reopen(id);
    expect(opened.detail.interruption).toBe("killed");
    expect(opened.detail.running).toBe(false);
    const banner = page().locator('[data-interruption="killed"]');
    expect(await banner.textContent()).toContain("Interrupted mid-run");
    const card = page().locator(`.tool-card[data-call-id="${callId}"]`);
    await card.waitFor();
    expect(await card.getAttribute("data-tool-status")).toBe("unknown");
    expect(await card.locator(".tool-status").textContent()).toBe("Outcome unknown");
    expect(await card.textContent()).toContain("may or may not have taken effect");
    // Nothing has been sent yet: the card says the model will be told, not that it was.
    expect(await card.locator("[data-model-told]").textContent()).toBe("When the conversation goes on, the model will be told the same.");
    // The unknown result starts open, so the person sees what the model will be told.
    expect(await card.locator(".tool-card__body").textContent()).toContain(UNKNOWN_RESULT_TEXT);
    await page().getByText("Let me look that up.").waitFor();
    await win().screenshotBothThemes("tool-unknown-after-kill");

    const request = await continueWith(id, banner, "I could not confirm the lookup finished; the library usually opens at nine.");
    expect(toolResultIn(request, callId)).toEqual({ type: "tool_result", tool_use_id: callId, content: UNKNOWN_RESULT_TEXT, is_error: true });
    expect(await card.getAttribute("data-tool-status")).toBe("unknown");
    // Continue sent it and the model answered: now it was told.
    await card.locator('[data-model-told="done"]').waitFor();
    expect(await card.locator("[data-model-told]").textContent()).toBe("The model was told the same.");
    // Started once, before the kill; neither the relaunch nor Continue ran it again.
    expect(starts(callId)).toHaveLength(1);
  });

  it("SIGTERM mid-call: the call is saved as aborted, the card and the banner say so after relaunch, and Continue finishes", async () => {
    const callId = "toolu_slow_lookup_quit";
    const id = await lookupRunning("Look up the train times to Bergen", callId);

    const exit = await e2e.session.restartHost("SIGTERM");
    expect(exit.code).toBe(0);

    const opened = await reopen(id);
    expect(opened.detail.interruption).toBe("aborted");
    const banner = page().locator('[data-interruption="aborted"]');
    expect(await banner.textContent()).toContain("Stopped before it finished");
    expect(await banner.textContent()).toContain("because Alpine was quitting");
    const card = page().locator(`.tool-card[data-call-id="${callId}"]`);
    await card.waitFor();
    expect(await card.getAttribute("data-tool-status")).toBe("aborted");
    expect(await card.locator(".tool-status").textContent()).toBe("Aborted");
    expect(await card.textContent()).toContain("The run was stopped before this tool finished.");
    await win().screenshotBothThemes("tool-aborted-after-quit");

    const request = await continueWith(id, banner, "The lookup was stopped; trains to Bergen leave hourly.");
    expect(toolResultIn(request, callId)).toEqual({
      type: "tool_result",
      tool_use_id: callId,
      content: "(aborted: ServiceShuttingDownError)",
      is_error: true,
    });
    expect(await card.getAttribute("data-tool-status")).toBe("aborted");
    expect(starts(callId)).toHaveLength(1);
  });
});
