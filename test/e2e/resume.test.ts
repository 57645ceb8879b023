/**
 * Quit or crash in the middle of a run, then relaunch on the same database: the window
 * lists the conversation, shows what was saved and how the run stopped, and one click
 * continues it. The host is the real service in its own process, stopped with SIGKILL
 * (a crash: nothing runs on the way out) or SIGTERM (a clean quit: runs are aborted
 * and saved).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_RESULT_TEXT } from "../../src/main/agent/history";
import { AlpineSession } from "./support/alpine-session";
import { chooseWorkFolder, conversationRow, startConversation } from "./support/window-actions";

describe("resume after the app stops mid-run", () => {
  let session: AlpineSession;
  const win = () => session.window;
  const page = () => session.window.page;

  beforeAll(async () => {
    session = await AlpineSession.start();
    await chooseWorkFolder(session.window);
  });

  afterAll(async () => {
    const pageErrors = session?.window.pageErrors ?? [];
    await session?.close();
    expect(pageErrors).toEqual([]);
  });

  /** After a relaunch: find the conversation in the list and open it. */
  async function reopen(id: string) {
    const since = await win().mark();
    const row = conversationRow(win(), id);
    await row.waitFor();
    await row.getByRole("button").first().click();
    return win().waitFor("conversation-opened", { id }, since);
  }

  it("a kill during a tool call: listed, the call's outcome is unknown, Continue finishes the run", async () => {
    // write_file runs until the person answers; the kill comes while it waits.
    await session.model.control.script({
      toolUses: [{ name: "write_file", input: { path: "report.txt", content: "Quarterly report\n" } }],
      text: "I will write the report now.",
    });
    const { id, since } = await startConversation(win(), "Write the quarterly report");
    await win().waitForStep("tool_start", { name: "write_file" }, since);
    await win().waitFor("ask-shown", { id }, since);

    const exit = await session.restartHost("SIGKILL");
    expect(exit.signal).toBe("SIGKILL");

    const listed = await win().waitFor("list-rendered");
    expect(listed.detail.ids).toContain(id);
    expect(await conversationRow(win(), id).locator("[data-status]").textContent()).toContain("Interrupted");
    const opened = await reopen(id);
    expect(opened.detail.interruption).toBe("killed");
    expect(opened.detail.running).toBe(false);

    const card = page().locator(`.tool-card[data-call-id]`).filter({ hasText: "Write file" });
    await card.waitFor();
    expect(await card.getAttribute("data-tool-status")).toBe("unknown");
    expect(await card.locator(".tool-status").textContent()).toBe("Outcome unknown");
    expect(await card.locator(".tool-card__explain").textContent()).toContain("may or may not have taken effect");
    const banner = page().locator('[data-interruption="killed"]');
    expect(await banner.textContent()).toContain("Interrupted mid-run");
    expect(await banner.textContent()).toContain("stopped while this conversation was running");
    await page().getByText("I will write the report now.").waitFor();
    await win().screenshotBothThemes("after-kill");

    await session.model.control.script({ text: "The report was not written, so I have not repeated anything. Shall I try again?" });
    const requestsBefore = (await session.model.control.requests()).length;
    const continued = await win().mark();
    await banner.getByRole("button", { name: "Continue" }).click();
    const ended = await win().waitFor("run-ended", { id }, continued);
    expect(ended.detail.stoppedBy).toBe("end_turn");
    await banner.waitFor({ state: "detached" });
    await page().getByText("Shall I try again?").waitFor();

    // The model was told the outcome is unknown; the write was not run again.
    const requests = await session.model.control.requests(requestsBefore + 1);
    expect(JSON.stringify(requests[requests.length - 1].body.messages)).toContain(JSON.stringify(UNKNOWN_RESULT_TEXT).slice(1, -1));
    expect(await win().events("ask-shown", continued)).toEqual([]);
    expect(fs.existsSync(path.join(session.workFolder, "report.txt"))).toBe(false);
    expect(await card.getAttribute("data-tool-status")).toBe("unknown");
  });

  it("a clean quit with two runs going: the reply and the tool call are saved as aborted, and Continue goes on", async () => {
    // Two conversations run at once: one in the middle of a reply, one in a tool call.
    await session.model.control.script(
      { hang: true, text: "Dear team, this quarter we" },
      { toolUses: [{ name: "write_file", input: { path: "plan.txt", content: "Plan\n" } }] },
    );
    const reply = await startConversation(win(), "Draft the team update");
    await win().waitFor("stream-rendered", { id: reply.id }, reply.since);
    const tool = await startConversation(win(), "Write the plan");
    await win().waitFor("ask-shown", { id: tool.id }, tool.since);
    const running = await win().waitFor("list-rendered", { running: [tool.id, reply.id] }, reply.since);
    expect(running.detail.running).toEqual([tool.id, reply.id]);

    const exit = await session.restartHost("SIGTERM");
    expect(exit.code).toBe(0);

    const toolOpened = await reopen(tool.id);
    expect(toolOpened.detail.interruption).toBe("aborted");
    const card = page().locator(".tool-card").filter({ hasText: "Write file" });
    await card.waitFor();
    expect(await card.getAttribute("data-tool-status")).toBe("aborted");
    expect(await card.locator(".tool-card__explain").textContent()).toContain("stopped before this tool finished");
    expect(fs.existsSync(path.join(session.workFolder, "plan.txt"))).toBe(false);

    const replyOpened = await reopen(reply.id);
    expect(replyOpened.detail.interruption).toBe("aborted");
    const banner = page().locator('[data-interruption="aborted"]');
    expect(await banner.textContent()).toContain("because Alpine was quitting");
    expect(await page().locator('[data-error-name="ServiceShuttingDownError"]').textContent()).toBe("Stopped: Alpine was quitting");
    await win().screenshotBothThemes("after-quit");

    await session.model.control.script({ text: "Dear team, this quarter we shipped resume after relaunch." });
    const continued = await win().mark();
    await banner.getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id: reply.id, stoppedBy: "end_turn" }, continued);
    await page().getByText("shipped resume after relaunch").waitFor();
  });
});
