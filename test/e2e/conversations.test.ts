/**
 * The window in Chromium against the real service (test host), real SQLite and the real
 * SDK talking to the scripted model server: settings, a streamed first conversation,
 * tool cards, Stop, questions, file-write approval, the sidebar, and error messages.
 * The tests of this file run in order on one session, like a person's afternoon.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keepForDocs } from "./support/doc-images";
import { useAlpineSession } from "./support/file-session";
import { chooseWorkFolder, conversationRow, sendMessage, startConversation } from "./support/window-actions";

describe("the Alpine window", () => {
  const ids: Record<string, string> = {};
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession();

  it("keeps settings: folder from the dialog, model and system prompt; the key is write-only", async () => {
    await chooseWorkFolder(win());
    await page().getByText(e2e.session.workFolder).waitFor();

    const since = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Working folder").inputValue()).toBe(e2e.session.workFolder);
    // The key field never shows the key; it only says one is set.
    expect(await dialog.getByLabel("Anthropic API key").inputValue()).toBe("");
    expect(await dialog.locator("[data-has-key]").getAttribute("data-has-key")).toBe("yes");
    await dialog.getByLabel("Model").fill("claude-sonnet-4-6");
    await dialog.getByLabel("System prompt").fill("Be brief and kind.");
    await win().screenshotBothThemes("settings");
    await dialog.getByRole("button", { name: "Save" }).click();
    const saved = await win().waitFor("settings-saved", {}, since);
    expect(saved.detail).toMatchObject({ hasApiKey: true, model: "claude-sonnet-4-6" });
    await dialog.waitFor({ state: "hidden" });
  });

  it("streams a first conversation as it is written and lists it first in the sidebar", async () => {
    const reply =
      "Here is a plan for your day:\n\n1. **Read** your notes\n2. Water the plants\n3. Call *Ada* about [the trip](https://example.com/oslo)\n\n```sh\nls -la\n```\n\nEnjoy!";
    // The reply was on screen in pieces before it was complete: the model server holds it after
    // two of its eight pieces until the window has shown them, however slow the frames.
    await e2e.session.model.control.script({ text: reply, chunks: 8, delayMs: 60, holdAfter: 2 });
    await win().screenshotBothThemes("new-conversation");
    const { id, since } = await startConversation(win(), "Plan my day");
    ids.first = id;
    const partial = await win().waitFor("stream-rendered", { id }, since);
    expect(partial.detail.length).toBeLessThan(reply.length);
    expect(await page().locator(".message--streaming").count()).toBe(1);
    expect(await e2e.session.model.control.release()).toBe(1);
    const ended = await win().waitFor("run-ended", { id }, since);
    expect(ended.detail.stoppedBy).toBe("end_turn");

    // The window got the reply as separate deltas (it renders them a frame at a time: as few as one render after the hold).
    const deltas = (await win().events("event", since)).filter((e) => e.detail.event?.type === "text_delta");
    expect(deltas.length).toBeGreaterThanOrEqual(2);

    // Markdown: list, emphasis, a link opened outside, a code block with Copy.
    const answer = page().locator(".message--assistant").last();
    expect(await answer.locator("ol > li").count()).toBe(3);
    expect(await answer.locator("strong").first().textContent()).toBe("Read");
    expect(await answer.locator("a").getAttribute("target")).toBe("_blank");
    expect(await answer.locator("a").getAttribute("href")).toBe("https://example.com/oslo");
    await page().context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const copySince = await win().mark();
    await answer.getByRole("button", { name: /^Copy sh/ }).click();
    const copied = await win().waitFor("copied", {}, copySince);
    expect(copied.detail).toEqual({ ok: true, length: "ls -la".length });
    expect(await page().evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe("ls -la");

    // Listed, newest first, with its task as title.
    const row = conversationRow(win(), id);
    await row.waitFor();
    expect(await row.locator(".conversation-row__title").textContent()).toBe("Plan my day");
    expect(await page().locator('.virtual-list__row[aria-posinset="1"] .conversation-row').getAttribute("data-conversation-id")).toBe(id);

    // The model got the settings chosen above.
    const [request] = await e2e.session.model.control.requests(1);
    expect(request.body.model).toBe("claude-sonnet-4-6");
    expect(JSON.stringify(request.body.system)).toContain("Be brief and kind.");
    await win().screenshotBothThemes("conversation");
  });

  it("shows each tool call as a card with its input, status and result", async () => {
    await e2e.session.model.control.script(
      { toolUses: [{ name: "list_files", input: {} }], text: "Let me look at your folder." },
      { text: "You have **notes.md** and **todo.txt**." },
    );
    // Shift+Enter starts a new line; Enter sends.
    const since = await win().mark();
    const field = page().getByRole("textbox", { name: "Message" });
    await field.fill("Which files");
    await field.press("Shift+Enter");
    await field.pressSequentially("do I have?");
    await field.press("Enter");
    await page().locator(".message__bubble", { hasText: "do I have?" }).waitFor();
    expect(await page().locator(".message__bubble", { hasText: "do I have?" }).innerText()).toBe("Which files\ndo I have?");
    const started = await win().waitForStep("tool_start", { name: "list_files" }, since);
    expect(started.detail.conversationId).toBe(ids.first);
    await win().waitFor("run-ended", { id: ids.first }, since);

    const card = page().locator(".tool-card").filter({ hasText: "List files" }).last();
    expect(await card.getAttribute("data-tool-status")).toBe("done");
    expect(await card.locator(".tool-status").textContent()).toBe("Done");
    await card.getByRole("button", { expanded: false }).click();
    const body = card.locator(".tool-card__body");
    await body.waitFor();
    expect(await body.textContent()).toContain("notes.md");
    expect(await body.textContent()).toContain("todo.txt");
    keepForDocs(await win().screenshotBothThemes("tool-card"), "window"); // the README's pictures
  });

  it("stops a run with Escape, keeps what was saved, and continues it", async () => {
    await e2e.session.model.control.script({ hang: true, text: "Once upon a time, in a quiet valley" });
    const { id, since } = await startConversation(win(), "Write me a long story");
    ids.story = id;
    await win().waitFor("stream-rendered", { id }, since);
    const stop = page().getByRole("button", { name: "Stop", exact: true });
    await stop.waitFor();
    expect(await page().locator(".message--streaming").textContent()).toContain("quiet valley");
    await win().screenshotBothThemes("streaming");

    await page().keyboard.press("Escape");
    await win().waitFor("stop-requested", { id }, since);
    const ended = await win().waitFor("run-ended", { id }, since);
    expect(ended.detail.stoppedBy).toBe("aborted");
    const banner = page().locator('[data-interruption="aborted"]');
    await banner.waitFor();
    expect(await banner.textContent()).toContain("Stop was pressed");
    await stop.waitFor({ state: "hidden" });

    await e2e.session.model.control.script({ text: "Once upon a time, a fox learned to ski." });
    const again = await win().mark();
    await banner.getByRole("button", { name: "Continue" }).click();
    const continued = await win().waitFor("run-ended", { id }, again);
    expect(continued.detail.stoppedBy).toBe("end_turn");
    await banner.waitFor({ state: "hidden" });
    await page().getByText("a fox learned to ski").waitFor();
  });

  it("answers the model's questions: typed, and with choice buttons", async () => {
    await e2e.session.model.control.script(
      { toolUses: [{ name: "ask", input: { question: "Which city should I plan for?" } }] },
      { toolUses: [{ name: "ask", input: { question: "Morning or evening?", choices: ["Morning", "Evening"] } }] },
      { text: "An evening in **Oslo**: dinner by the fjord." },
    );
    const { id, since } = await startConversation(win(), "Plan a trip");
    ids.trip = id;
    await win().waitFor("ask-shown", { id, question: "Which city should I plan for?" }, since);
    expect(await page().getByRole("textbox", { name: "Message" }).getAttribute("placeholder")).toBe("Type your answer…");
    await win().screenshotBothThemes("ask-question");

    const typed = await sendMessage(win(), "Oslo");
    await win().waitFor("answer-sent", { id, answer: "Oslo" }, typed);
    await win().waitFor("ask-shown", { id, choices: ["Morning", "Evening"] }, typed);
    const chosen = await win().mark();
    await page().getByRole("group", { name: "Choices" }).getByRole("button", { name: "Evening" }).click();
    const ended = await win().waitFor("run-ended", { id }, chosen);
    expect(ended.detail.stoppedBy).toBe("end_turn");

    const answers = page().locator(".message--user").filter({ hasText: "Your answer" });
    expect(await answers.allTextContents()).toEqual(["Your answerOslo", "Your answerEvening"]);
    await page().getByText("dinner by the fjord").waitFor();
    const requests = await e2e.session.model.control.requests();
    expect(JSON.stringify(requests[requests.length - 1].body.messages)).toContain("Evening");
  });

  it("writes a file only when the person allows it, and not when they deny it", async () => {
    await e2e.session.model.control.script(
      { toolUses: [{ name: "write_file", input: { path: "hello.txt", content: "Hello from Alpine\n" } }] },
      { text: "Done: hello.txt is written." },
    );
    const { id, since } = await startConversation(win(), "Write hello.txt for me");
    ids.write = id;
    // The write asks through the ask mechanism: its run ends with the question.
    const stopped = await win().waitForStep("run_end", { stoppedBy: "ask" }, since);
    expect(stopped.detail.conversationId).toBe(id);
    const asked = await win().waitFor("ask-shown", { id }, since);
    expect(asked.detail.choices).toEqual(["Allow", "Deny"]);
    expect(asked.detail.question).toContain("hello.txt");
    await win().waitFor("run-ended", { id, stoppedBy: "ask" }, since);
    const card = page().locator(".tool-card").filter({ hasText: "Write file" }).last();
    expect(await card.getAttribute("data-tool-status")).toBe("waiting");
    expect(await card.locator(".tool-status").textContent()).toBe("Waiting for your approval");
    expect(await conversationRow(win(), id).locator("[data-status]").textContent()).toBe("Waiting for you");
    expect(fs.existsSync(path.join(e2e.session.workFolder, "hello.txt"))).toBe(false);
    await win().screenshotBothThemes("write-approval");

    const requestsBefore = (await e2e.session.model.control.requests()).length;
    const allowed = await win().mark();
    await page().getByRole("button", { name: "Allow" }).click();
    await win().waitFor("answer-sent", { id, answer: "Allow" }, allowed);
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, allowed);
    expect(fs.readFileSync(path.join(e2e.session.workFolder, "hello.txt"), "utf8")).toBe("Hello from Alpine\n");
    expect(await card.getAttribute("data-tool-status")).toBe("done");
    // The answer ran the call again before the next model request, which carries its result.
    const logged = await win().events("event", allowed);
    const types = logged.filter((e) => e.detail.type === "step" && e.detail.conversationId === id).map((e) => e.detail.event.type);
    expect(types.indexOf("tool_end")).toBeLessThan(types.indexOf("think_start"));
    const requests = await e2e.session.model.control.requests(requestsBefore + 1);
    expect(requests).toHaveLength(requestsBefore + 1);
    expect(JSON.stringify(requests.at(-1)!.body.messages.at(-1))).toContain("The person allowed the write");

    await e2e.session.model.control.script(
      { toolUses: [{ name: "write_file", input: { path: "secret.txt", content: "nothing" } }] },
      { text: "Understood, I left it alone." },
    );
    const asking = await sendMessage(win(), "Now write secret.txt");
    await win().waitFor("ask-shown", { id }, asking);
    await win().waitFor("run-ended", { id, stoppedBy: "ask" }, asking);
    const denied = await win().mark();
    await page().getByRole("button", { name: "Deny" }).click();
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, denied);
    expect(fs.existsSync(path.join(e2e.session.workFolder, "secret.txt"))).toBe(false);
    const deniedCard = page().locator(".tool-card").filter({ hasText: "secret.txt" });
    expect(await deniedCard.getAttribute("data-tool-status")).toBe("denied");
    await deniedCard.getByRole("button", { expanded: false }).click();
    expect(await deniedCard.locator(".tool-card__body").textContent()).toContain("denied");
  });

  it("renames, searches and deletes conversations in the sidebar", async () => {
    const row = conversationRow(win(), ids.first);
    await row.hover();
    let since = await win().mark();
    await row.getByRole("button", { name: "Rename “Plan my day”" }).click();
    const title = page().getByRole("textbox", { name: "New title" });
    await title.fill("Morning plan");
    await title.press("Enter");
    await win().waitFor("renamed", { id: ids.first, title: "Morning plan" }, since);
    await row.getByText("Morning plan").waitFor();

    // Search as you type: titles and message text both match.
    since = await win().mark();
    await page().getByRole("searchbox", { name: "Search conversations" }).fill("fjord");
    const found = await win().waitFor("list-rendered", { query: "fjord" }, since);
    expect(found.detail.ids).toEqual([ids.trip]);
    expect(found.detail.total).toBe(1);
    expect(await page().locator(".conversation-row:not(.conversation-row--placeholder)").count()).toBe(1);
    await win().screenshotBothThemes("search");

    since = await win().mark();
    await page().getByRole("button", { name: "Clear search" }).click();
    const all = await win().waitFor("list-rendered", { query: "" }, since);
    expect(all.detail.total).toBe(4);

    // Delete asks first; Cancel keeps the conversation.
    const story = conversationRow(win(), ids.story);
    await story.hover();
    await story.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page().getByRole("dialog", { name: "Delete this conversation?" });
    await confirm.waitFor();
    await win().screenshotBothThemes("confirm-delete");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await story.count()).toBe(1);

    since = await win().mark();
    await story.hover();
    await story.getByRole("button", { name: /^Delete/ }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await win().waitFor("deleted", { id: ids.story }, since);
    const after = await win().waitFor("list-rendered", { total: 3 }, since);
    expect(after.detail.ids).not.toContain(ids.story);
    await story.waitFor({ state: "detached" });
  });

  it("explains a rate limit and a missing key, and continues once the key is back", async () => {
    await e2e.session.model.control.script({
      error: { status: 429, type: "rate_limit_error", message: "Number of request tokens has exceeded your per-minute rate limit" },
    });
    const { id, since } = await startConversation(win(), "Summarize my notes");
    const ended = await win().waitFor("run-ended", { id }, since);
    expect(ended.detail.stoppedBy).toBe("error");
    const banner = page().locator('[data-interruption="error"]');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/rate limit/i);
    expect(await page().locator('.callout--error[data-error-name="RateLimitError"] .callout__title').textContent()).toBe("Rate limited");
    await win().screenshotBothThemes("rate-limit");

    // Remove the key: the window says what to do, and Continue explains why it cannot run.
    let mark = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.getByRole("button", { name: "Remove" }).click();
    await win().waitFor("settings-saved", { hasApiKey: false }, mark);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page().locator('[data-banner="missing-key"]').waitFor();
    await page().locator(".sidebar").getByText("No API key").waitFor();

    // Continue without a key: the message is kept and waits for one, calmly.
    mark = await win().mark();
    await banner.getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id, stoppedBy: "error" }, mark);
    const waiting = page().locator('[data-interruption="needs_key"]');
    await waiting.getByText("Your message is saved").waitFor();
    await conversationRow(win(), id).locator("[data-status]").getByText("Needs API key").waitFor();
    await win().screenshotBothThemes("missing-key");

    // Setting the key sends it at once.
    await e2e.session.model.control.script({ text: "Your notes: buy milk, call Ada." });
    mark = await win().mark();
    await waiting.getByRole("button", { name: "Open Settings" }).click();
    await dialog.getByLabel("Anthropic API key").fill("sk-ant-a-new-key");
    await dialog.getByRole("button", { name: "Save" }).click();
    await win().waitFor("settings-saved", { hasApiKey: true }, mark);
    await page().locator('[data-banner="missing-key"]').waitFor({ state: "hidden" });
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, mark);
    await page().getByText("buy milk, call Ada").waitFor();
    const requests = await e2e.session.model.control.requests();
    expect(requests[requests.length - 1].headers.authorization).toBe("Bearer sk-ant-a-new-key");
  });
});
