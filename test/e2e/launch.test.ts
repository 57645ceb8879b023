/**
 * A relaunch as a person meets it: the window reopens the conversation that was open at the
 * last quit (with its newest messages, in the first screen), says how many conversations had a
 * run cut short and leads to them; one left on "New conversation" reopens on a new one.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { conversationRow, startConversation } from "./support/window-actions";

describe("relaunching the window", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;
  const ids: Record<string, string> = {};

  const e2e = useAlpineSession();

  it("reopens the conversation that was open, says a run was interrupted and leads to it", { timeout: 180_000 }, async () => {
    e2e.session.model.control.script({ text: "Oslo in May is mild." });
    const first = await startConversation(win(), "Plan a trip to Oslo");
    await win().waitFor("run-ended", { id: first.id }, first.since);
    ids.done = first.id;
    e2e.session.model.control.script({ hang: true, text: "Dear team, this quarter we" });
    const cut = await startConversation(win(), "Draft the team update");
    await win().waitFor("stream-rendered", { id: cut.id }, cut.since);
    ids.cut = cut.id;

    await e2e.session.restartHost("SIGKILL");
    const ready = await win().waitFor("ready");
    expect(ready.detail.reopened).toBe(cut.id);
    const opened = await win().waitFor("conversation-opened", { id: cut.id });
    expect(opened.detail.interruption).toBe("killed");
    await page().locator(".message--user").getByText("Draft the team update").waitFor();

    // Hovering its row shows rename and delete beside its status, not over it.
    const row = conversationRow(win(), cut.id);
    // Both measured while shown: a row drawn again after the relaunch (its status, its tools) drops
    // the hover's actions until the pointer moves over it again, so hover and measure together.
    const shown = async () => {
      await row.hover();
      const [status, actions] = await Promise.all([row.locator("[data-status]").boundingBox(), row.locator(".conversation-row__actions").boundingBox()]);
      return status && actions ? { status, actions } : null;
    };
    let measured: Awaited<ReturnType<typeof shown>> = null;
    await expect.poll(async () => (measured = await shown()), { timeout: 20_000 }).not.toBeNull();
    const { status, actions } = measured!;
    expect(status.x + status.width).toBeLessThanOrEqual(actions.x);
    expect(await row.locator("[data-status]").evaluate((el: any) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await win().screenshotBothThemes("sidebar-row-hover");

    const notice = page().getByRole("region", { name: "Interrupted runs" });
    await notice.getByText("1 conversation was interrupted. It can go on:").waitFor();
    // Below the rows: it comes once the first screen is shown, and above them it moved the rows under a pointer about to click one.
    const [noticeBox, listBox] = await Promise.all([notice.boundingBox(), page().locator(".sidebar__list").boundingBox()]);
    expect(noticeBox!.y).toBeGreaterThanOrEqual(listBox!.y + listBox!.height - 1);
    await win().screenshotBothThemes("relaunch-interrupted");

    // Elsewhere, the notice leads back to it.
    let since = await win().mark();
    await conversationRow(win(), first.id).getByRole("button").first().click();
    await win().waitFor("conversation-opened", { id: first.id }, since);
    since = await win().mark();
    await notice.getByRole("button", { name: "Draft the team update" }).click();
    await win().waitFor("conversation-opened", { id: cut.id }, since);
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "hidden" });
  });

  it("after a quit on another conversation, reopens that one; on New conversation, a new one", { timeout: 180_000 }, async () => {
    let since = await win().mark();
    await conversationRow(win(), ids.done).getByRole("button").first().click();
    await win().waitFor("conversation-opened", { id: ids.done }, since);
    await win().waitFor("open-remembered", { id: ids.done }, since);
    await e2e.session.restartHost("SIGTERM");
    expect((await win().waitFor("ready")).detail.reopened).toBe(ids.done);
    await page().locator(".message--assistant").getByText("Oslo in May is mild.").waitFor();

    since = await win().mark();
    await page().keyboard.press("Control+n");
    await win().waitFor("open-remembered", { id: null }, since);
    await e2e.session.restartHost("SIGTERM");
    expect((await win().waitFor("ready")).detail.reopened).toBeNull();
  });
});
