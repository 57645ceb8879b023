/**
 * Quit or crash in the middle of a run, then relaunch on the same database: the window
 * lists the conversation, shows what was saved and how the run stopped, and one click
 * continues it; a file write waiting for the person's approval is still asked about, and
 * Allow writes it once. The host is the real service in its own process, stopped with
 * SIGKILL (a crash: nothing runs on the way out) or SIGTERM (a clean quit: runs are
 * aborted and saved). A kill or quit while a tool runs: tool-interruptions.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { chooseWorkFolder, conversationRow, startConversation, reopenConversation } from "./support/window-actions";

describe("resume after the app stops mid-run", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession();
  beforeAll(async () => {
    await chooseWorkFolder(e2e.win);
  });

  /** After a relaunch: conversation `id` shown (reopened by the window, or from the sidebar). */
  const reopen = (id: string) => reopenConversation(win(), id);

  /** Starts a conversation whose file write waits for approval; resolves once its run has ended with the question. */
  async function writeWaitingForApproval(task: string, file: string, content: string) {
    await e2e.session.model.control.script({ toolUses: [{ name: "write_file", input: { path: file, content } }], text: `I will write ${file} now.` });
    const { id, since } = await startConversation(win(), task);
    await win().waitFor("ask-shown", { id }, since);
    await win().waitForStep("run_end", { stoppedBy: "ask" }, since);
    return id;
  }

  it("a kill while a write waits for approval and a reply streams: the question is still asked and Allow writes once; the reply offers Continue", { timeout: 180_000 }, async () => {
    const write = await writeWaitingForApproval("Write the quarterly report", "report.txt", "Quarterly report\n");
    await e2e.session.model.control.script({ hang: true, text: "Dear team, this quarter we" });
    const reply = await startConversation(win(), "Draft the team update");
    await win().waitFor("stream-rendered", { id: reply.id }, reply.since);

    const exit = await e2e.session.restartHost("SIGKILL");
    expect(exit.signal).toBe("SIGKILL");

    const listed = await win().waitFor("list-rendered");
    expect(listed.detail.ids).toEqual(expect.arrayContaining([write, reply.id]));
    expect(await conversationRow(win(), write).locator("[data-status]").textContent()).toBe("Waiting for you");
    expect(await conversationRow(win(), reply.id).locator("[data-status]").textContent()).toContain("Interrupted");

    // The write: nothing ran while the person was away, and the question is still there.
    const since = await win().mark();
    const opened = await reopen(write);
    expect(opened.detail.interruption).toBeNull();
    expect(opened.detail.running).toBe(false);
    expect(opened.detail.pendingAsk).toMatchObject({ choices: ["Allow", "Deny"], question: expect.stringContaining("report.txt") });
    await win().waitFor("ask-shown", { id: write }, since);
    const card = page().locator(".tool-card[data-call-id]").filter({ hasText: "Write file" });
    await card.waitFor();
    expect(await card.getAttribute("data-tool-status")).toBe("waiting");
    expect(fs.existsSync(path.join(e2e.session.workFolder, "report.txt"))).toBe(false);
    await page().getByText("I will write report.txt now.").waitFor();
    await win().screenshotBothThemes("approval-after-kill");

    await e2e.session.model.control.script({ text: "The report is written." });
    const requestsBefore = (await e2e.session.model.control.requests()).length;
    const allowed = await win().mark();
    await page().getByRole("button", { name: "Allow" }).click();
    await win().waitFor("run-ended", { id: write, stoppedBy: "end_turn" }, allowed);
    await page().getByText("The report is written.").waitFor();
    expect(fs.readFileSync(path.join(e2e.session.workFolder, "report.txt"), "utf8")).toBe("Quarterly report\n");
    expect(await card.getAttribute("data-tool-status")).toBe("done");
    // Written exactly once: one run of the call, then one model request with its result.
    const ends = await win().events("event", allowed);
    expect(ends.filter((e) => e.detail.type === "step" && e.detail.event.type === "tool_end")).toHaveLength(1);
    const requests = await e2e.session.model.control.requests(requestsBefore + 1);
    expect(requests).toHaveLength(requestsBefore + 1);
    expect(JSON.stringify(requests.at(-1)!.body.messages.at(-1))).toContain('The person allowed the write: \\"report.txt\\" now has 17 bytes.');

    // The reply: the request that was streaming is dropped; Continue asks again.
    const replyOpened = await reopen(reply.id);
    expect(replyOpened.detail.interruption).toBe("killed");
    const banner = page().locator('[data-interruption="killed"]');
    expect(await banner.textContent()).toContain("Interrupted mid-run");
    expect(await banner.textContent()).toContain("stopped while this conversation was running");
    await win().screenshotBothThemes("after-kill");
    await e2e.session.model.control.script({ text: "Dear team, this quarter we shipped approvals that survive a crash." });
    const continued = await win().mark();
    await banner.getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id: reply.id, stoppedBy: "end_turn" }, continued);
    await banner.waitFor({ state: "detached" });
    await page().getByText("approvals that survive a crash").waitFor();
  });

  it("a clean quit with a reply streaming and a write waiting: the reply is saved as aborted and Continue goes on; the write still asks", async () => {
    const write = await writeWaitingForApproval("Write the plan", "plan.txt", "Plan\n");
    await e2e.session.model.control.script({ hang: true, text: "Dear team, this quarter we" });
    const reply = await startConversation(win(), "Draft the next update");
    await win().waitFor("stream-rendered", { id: reply.id }, reply.since);
    const running = await win().waitFor("list-rendered", { running: [reply.id] }, reply.since);
    expect(running.detail.running).toEqual([reply.id]);

    const exit = await e2e.session.restartHost("SIGTERM");
    expect(exit.code).toBe(0);

    const writeOpened = await reopen(write);
    expect(writeOpened.detail.interruption).toBeNull();
    expect(writeOpened.detail.pendingAsk).toMatchObject({ choices: ["Allow", "Deny"] });
    const card = page().locator(".tool-card").filter({ hasText: "Write file" });
    await card.waitFor();
    expect(await card.getAttribute("data-tool-status")).toBe("waiting");
    expect(fs.existsSync(path.join(e2e.session.workFolder, "plan.txt"))).toBe(false);

    const replyOpened = await reopen(reply.id);
    expect(replyOpened.detail.interruption).toBe("aborted");
    const banner = page().locator('[data-interruption="aborted"]');
    expect(await banner.textContent()).toContain("because Alpine was quitting");
    expect(await page().locator('[data-error-name="ServiceShuttingDownError"]').textContent()).toBe("Stopped: Alpine was quitting");
    await win().screenshotBothThemes("after-quit");

    await e2e.session.model.control.script({ text: "Dear team, this quarter we shipped resume after relaunch." });
    const continued = await win().mark();
    await banner.getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id: reply.id, stoppedBy: "end_turn" }, continued);
    await page().getByText("shipped resume after relaunch").waitFor();
  });
});
