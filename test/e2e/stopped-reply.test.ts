/**
 * Stop in the middle of a reply, as a person meets it: the words already shown stay, marked
 * as stopped; they are saved with the conversation, so a relaunch shows them; and the next
 * message reaches the model as a new user turn after the stopped reply, which the model sees
 * as its own partial answer. (A kill mid-reply still drops the half reply: resume.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { conversationRow, sendMessage, startConversation } from "./support/window-actions";

const SHOWN = "Once upon a time, in a quiet valley, there lived";

describe("a reply stopped mid-way", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession();

  it("keeps the words shown, marked stopped, across a relaunch; the next message is a new turn after them", { timeout: 180_000 }, async () => {
    await e2e.session.model.control.script({ hang: true, text: SHOWN });
    const { id, since } = await startConversation(win(), "Write me a long story");
    await win().waitFor("stream-rendered", { id, length: SHOWN.length }, since);
    expect(await page().locator(".message--streaming").textContent()).toContain("there lived");

    await page().getByRole("button", { name: "Stop", exact: true }).click();
    const ended = await win().waitFor("run-ended", { id }, since);
    expect(ended.detail.stoppedBy).toBe("aborted");

    // The words stay where they were, marked as stopped, above the stop marker.
    const stopped = page().locator('.message--assistant[data-partial="stopped"]');
    await stopped.waitFor();
    expect(await stopped.locator(".markdown").textContent()).toBe(SHOWN);
    expect(await stopped.locator(".message__partial-note").textContent()).toMatch(/Stopped here/);
    expect(await page().locator(".message--streaming").count()).toBe(0);
    expect(await page().locator('[data-error-name="StoppedByPersonError"]').textContent()).toBe("Stopped: you pressed Stop");
    // The real output count never arrived: no made-up figure under the stopped reply.
    const usage = page().locator('.usage-line[data-partial="stopped"]');
    await usage.waitFor();
    expect(await usage.textContent()).toMatch(/^\d[\d,]* in · output not counted \(stopped\)/);
    expect(await usage.textContent()).not.toMatch(/\d+ out/);
    await win().screenshotBothThemes("stopped-reply");

    // Saved with the conversation: a relaunch reopens it with the stopped words.
    await win().waitFor("open-remembered", { id }, since);
    await e2e.session.restartHost("SIGTERM");
    expect((await win().waitFor("ready")).detail.reopened).toBe(id);
    await win().waitFor("conversation-opened", { id });
    const reopened = page().locator('.message--assistant[data-partial="stopped"]');
    await reopened.getByText(SHOWN).waitFor();
    // The sidebar leads to it as interrupted...
    const notice = page().locator("section.interrupted-notice");
    expect(await notice.locator(".interrupted-notice__text").textContent()).toMatch(/^1 conversation was interrupted/);
    expect(await conversationRow(win(), id).locator('[data-status="stopped"]').count()).toBe(1);

    // The next message: a new user turn after the stopped reply, which the model gets as its own.
    await e2e.session.model.control.script({ text: "The fox of the valley learned to ski." });
    const before = (await e2e.session.model.control.requests()).length;
    const sent = await sendMessage(win(), "Make it about a fox");
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, sent);
    await page().getByText("learned to ski").waitFor();
    // ...until it is answered: then the notice and the row's "Stopped" label go.
    await notice.waitFor({ state: "detached" });
    expect(await conversationRow(win(), id).locator('[data-status="stopped"]').count()).toBe(0);
    expect(await page().locator('.usage-line:not([data-partial])').last().textContent()).toMatch(/\d+ in · \d+ out/);
    const requests = await e2e.session.model.control.requests(before + 1);
    const messages = requests.at(-1)!.body.messages.map((m: { role: string; content: { type: string; text?: string }[] }) => ({
      role: m.role,
      texts: m.content.filter((b) => b.type === "text").map((b) => b.text),
    }));
    expect(messages).toEqual([
      { role: "user", texts: ["Write me a long story"] },
      { role: "assistant", texts: [SHOWN] },
      { role: "user", texts: ["Make it about a fox"] },
    ]);
    // The stopped words are still shown, still marked, above the new exchange.
    expect(await reopened.count()).toBe(1);
    await win().screenshotBothThemes("stopped-reply-answered");
  });
});
