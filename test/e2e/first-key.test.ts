/**
 * The first conversation before an API key is set, as a new person meets it: setting up the
 * key is a normal first step, so the window says so calmly (no error banner, no "Error"
 * label), keeps the message, leads to Settings, and sends the message once the key is set.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { conversationRow, startConversation } from "./support/window-actions";

describe("a first message before the API key is set", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession({ noKey: true });

  it("is kept with a calm notice that leads to Settings, and is sent once the key is set", { timeout: 120_000 }, async () => {
    await page().locator('[data-banner="missing-key"]').waitFor();
    const { id, since } = await startConversation(win(), "Plan my day around the team meeting");
    await win().waitFor("run-ended", { id }, since);
    await win().waitFor("conversation-opened", { id }, since);

    // Calm: a notice that says what to do, the message kept, nothing that looks failed.
    const notice = page().locator('[data-interruption="needs_key"]');
    await notice.waitFor();
    expect(await notice.locator(".banner__title").textContent()).toBe("Waiting for your API key");
    expect(await notice.textContent()).toMatch(/Your message is saved/);
    expect(await notice.getByRole("button", { name: "Continue" }).count()).toBe(0);
    await page().locator(".message--user .message__bubble").getByText("Plan my day around the team meeting").waitFor();
    expect(await page().locator('[data-interruption="error"]').count()).toBe(0);
    expect(await page().locator(".callout--error").count()).toBe(0);
    expect(await page().getByText("Stopped by an error").count()).toBe(0);
    expect(await page().locator('[data-banner="missing-key"]').count()).toBe(0); // said once, by the notice
    const status = conversationRow(win(), id).locator("[data-status]");
    await status.getByText("Needs API key").waitFor();
    expect(await status.textContent()).not.toContain("Error");
    expect(await e2e.session.model.control.requests()).toHaveLength(0);
    await win().screenshotBothThemes("waiting-for-key");

    // The notice leads to Settings; saving a key sends the kept message.
    await e2e.session.model.control.script({ text: "Here is your day: the meeting at ten, focus time after." });
    const mark = await win().mark();
    await notice.getByRole("button", { name: "Open Settings" }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.getByLabel("Anthropic API key").fill("sk-ant-first-key");
    await dialog.getByRole("button", { name: "Save" }).click();
    await win().waitFor("settings-saved", { hasApiKey: true }, mark);
    const ended = await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, mark);
    expect(ended.detail.error).toBeFalsy();
    await page().getByText("focus time after").waitFor();
    await notice.waitFor({ state: "detached" });
    await conversationRow(win(), id).getByText("Needs API key").waitFor({ state: "detached" });

    const requests = await e2e.session.model.control.requests(1);
    expect(requests).toHaveLength(1);
    expect(requests[0].headers.authorization).toBe("Bearer sk-ant-first-key");
    expect(JSON.stringify(requests[0].body.messages)).toContain("Plan my day around the team meeting");
    await win().screenshotBothThemes("key-set-message-sent");
  });
});
