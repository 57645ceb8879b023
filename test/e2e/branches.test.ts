/**
 * Branches in the window (Chromium, the real service through the test host, the scripted
 * model): edit an earlier message, switch between the versions with ‹ 1 / 2 ›, regenerate a
 * reply, and branch into a new conversation. The sidebar keeps one row per conversation.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { sendMessage, startConversation, reopenConversation } from "./support/window-actions";

describe("branches in the window", () => {
  let root = "";
  const win = () => e2e.win;
  const page = () => e2e.page;
  const message = (kind: "user" | "assistant", seq: number) => page().locator(`.message--${kind}[data-seq="${seq}"]`);
  const switcher = (seq: number) => page().locator(`.branch-switcher[data-fork-seq="${seq}"]`);
  const rows = () => page().locator(".conversation-row");

  const e2e = useAlpineSession();

  it("has a conversation of two turns", async () => {
    await e2e.session.model.control.script({ text: "First answer" }, { text: "Second answer" });
    const started = await startConversation(win(), "One");
    root = started.id;
    await win().waitFor("run-ended", { id: root }, started.since);
    const since = await sendMessage(win(), "Two");
    await win().waitFor("run-ended", { id: root }, since);
    await message("assistant", 3).getByText("Second answer").waitFor();
  });

  it("edits an earlier message: a new branch answers it, and the switcher says 2 / 2", async () => {
    await e2e.session.model.control.script({ text: "Answer to the edit" });
    const since = await win().mark();
    await message("user", 2).getByRole("button", { name: "Edit" }).click();
    const editor = page().getByRole("textbox", { name: "Edit your message" });
    await editor.fill("Two, rephrased");
    await editor.press("Enter");
    const created = await win().waitFor("branch-created", { kind: "edit", from: root }, since);
    const edited = created.detail.id;
    expect(edited).not.toBe(root);
    await win().waitFor("run-ended", { id: edited }, since);
    await message("assistant", 3).getByText("Answer to the edit").waitFor();
    await message("user", 2).getByText("Two, rephrased").waitFor();
    await switcher(2).getByText("2 / 2").waitFor();
    // The sidebar's one row for the conversation now shows the edited branch (its update may land just after the run's end).
    await rows().first().and(page().locator(`[data-conversation-id="${edited}"]`)).waitFor();
    expect(await rows().count()).toBe(1);
  });

  it("switches back to the first version: the rest of the conversation follows it", async () => {
    const since = await win().mark();
    await switcher(2).getByRole("button", { name: "Previous version" }).click();
    await win().waitFor("branch-switched", { id: root }, since);
    await win().waitFor("conversation-opened", { id: root }, since);
    await message("assistant", 3).getByText("Second answer").waitFor();
    await message("user", 2).getByText("Two", { exact: true }).waitFor();
    await switcher(2).getByText("1 / 2").waitFor();
    await rows().first().and(page().locator(`[data-conversation-id="${root}"]`)).waitFor();
    expect(await rows().count()).toBe(1);
  });

  it("regenerates a reply: a new branch from the message before it", async () => {
    await e2e.session.model.control.script({ text: "Second answer, again" });
    const since = await win().mark();
    await message("assistant", 3).getByRole("button", { name: "Regenerate" }).click();
    const created = await win().waitFor("branch-created", { kind: "regenerate", from: root }, since);
    await win().waitFor("run-ended", { id: created.detail.id }, since);
    await message("assistant", 3).getByText("Second answer, again").waitFor();
    await message("user", 2).getByText("Two", { exact: true }).waitFor();
    await switcher(3).getByText("2 / 2").waitFor();
    await switcher(2).getByText("1 / 2").waitFor();
    expect(await rows().count()).toBe(1);
  });

  it("branches into a new conversation at a message: a new sidebar row with the past up to there", async () => {
    const since = await win().mark();
    await message("assistant", 1).getByRole("button", { name: "Branch off" }).click();
    const created = await win().waitFor("branch-created", { kind: "branch" }, since);
    const id = created.detail.id;
    await win().waitFor("conversation-opened", { id }, since);
    await page().locator(`.conversation-row[data-conversation-id="${id}"]`).waitFor();
    expect(await rows().count()).toBe(2);
    await message("assistant", 1).getByText("First answer").waitFor();
    expect(await page().locator(".message--user, .message--assistant").count()).toBe(2);
  });

  it("a kill while an edited first message's branch streams: after relaunch that branch is the row shown, interrupted, and Continue finishes it", async () => {
    // The open conversation is the one branched off above: edit its very first message.
    await e2e.session.model.control.script({ hang: true, text: "Partly written" });
    const since = await win().mark();
    await message("user", 0).getByRole("button", { name: "Edit" }).click();
    const editor = page().getByRole("textbox", { name: "Edit your message" });
    await editor.fill("One, from the start");
    await editor.press("Enter");
    const created = await win().waitFor("branch-created", { kind: "edit" }, since);
    const edited = created.detail.id;
    await win().waitFor("stream-rendered", { id: edited }, since);

    expect((await e2e.session.restartHost("SIGKILL")).signal).toBe("SIGKILL");
    const listed = await win().waitFor("list-rendered");
    expect(listed.detail.ids).toContain(edited);
    expect(listed.detail.ids).toHaveLength(2); // still one row per conversation
    const row = page().locator(`.conversation-row[data-conversation-id="${edited}"]`);
    expect(await row.locator("[data-status]").textContent()).toContain("Interrupted");
    const opened = await reopenConversation(win(), edited);
    expect(opened.detail.interruption).toBe("killed");
    await switcher(0).getByText("2 / 2").waitFor();
    await e2e.session.model.control.script({ text: "Written in full" });
    const continued = await win().mark();
    await page().locator('[data-interruption="killed"]').getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id: edited, stoppedBy: "end_turn" }, continued);
    await message("assistant", 1).getByText("Written in full").waitFor();
    await message("user", 0).getByText("One, from the start").waitFor();
  });
});
