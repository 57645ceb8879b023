/**
 * The quick-entry page in Chromium through the test host, beside the main window on the same
 * service: Enter sends (the field empties only once the message is saved), the reply streams
 * there, and "Open in Alpine" shows that same conversation in the main window; a kill of the
 * host right at the acknowledgement keeps the message.
 */
import type { ConsoleMessage } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AppWindow } from "./support/app-window";
import { useAlpineSession } from "./support/file-session";
import { conversationRow } from "./support/window-actions";
import { pageScripts } from "./support/page-scripts";

describe("quick entry", () => {
  const e2e = useAlpineSession();
  const main = () => e2e.win;
  const openQuickEntry = () => AppWindow.open(e2e.session.browser, e2e.session.host.url, { page: "quick-entry.html" });

  it("loads only its own code: every script its page names is its entry or one the entry imports", async () => {
    const quick = await openQuickEntry();
    try {
      const url = new URL("quick-entry.html", e2e.session.host.url).href;
      const scripts = await pageScripts(quick.page, url, String.raw`/quick-entry-[^/]*\.js$`);
      expect(scripts.entry).not.toBeNull();
      // The main window's app chunk (and anything else the quick entry never runs) is not fetched and compiled here.
      expect(scripts.named.filter((script) => script !== scripts.entry && !scripts.imported.includes(script))).toEqual([]);
    } finally {
      await quick.close();
    }
  });

  it("sends, streams the reply there, and Open in Alpine shows the same conversation in the main window", async () => {
    const quick = await openQuickEntry();
    try {
      await e2e.session.model.control.script({ text: "Oslo is lovely in June, with long light evenings.", chunks: 5 });
      const since = await quick.mark();
      const field = quick.page.getByRole("textbox", { name: "Message" });
      await field.fill("When should I visit Oslo?");
      await field.press("Enter");
      const { detail } = await quick.waitFor("message-sent", { source: "quick-entry" }, since);
      const id = (detail as { id: string }).id;
      expect(await field.inputValue()).toBe("");
      await quick.waitFor("stream-rendered", { id }, since);
      await quick.waitFor("run-ended", { id, stoppedBy: "end_turn" }, since);
      await quick.page.locator(`.quick-entry__reply[data-conversation-id="${id}"]`).getByText("long light evenings").waitFor();

      const mainSince = await main().mark();
      await quick.page.getByRole("button", { name: "Open in Alpine" }).click();
      await main().waitFor("conversation-opened", { id }, mainSince);
      await main().page.locator('.message--user[data-seq="0"]').getByText("When should I visit Oslo?").waitFor();
      await main().page.getByText("long light evenings").first().waitFor();
    } finally {
      await quick.close();
    }
  });

  it("a file pasted into the field goes with the message", async () => {
    const quick = await openQuickEntry();
    try {
      await e2e.session.model.control.script({ text: "Milk is on the list." });
      let since = await quick.mark();
      const field = quick.page.getByRole("textbox", { name: "Message" });
      await field.focus();
      // Given as source: the page runs exactly this (a function would be rewritten by the test's transpiler).
      await quick.page.evaluate(`(() => {
        const data = new DataTransfer();
        data.items.add(new File(["Buy milk.\\nCall Ada."], "shopping.txt", { type: "text/plain" }));
        document.querySelector(".quick-entry__field").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      })()`);
      await quick.waitFor("attachment-added", { name: "shopping.txt" }, since);
      await quick.page.getByText("shopping.txt").first().waitFor();
      since = await quick.mark();
      await field.fill("What is on my list?");
      await field.press("Enter");
      const id = ((await quick.waitFor("message-sent", { source: "quick-entry" }, since)).detail as { id: string }).id;
      await quick.waitFor("run-ended", { id }, since);
      expect(await quick.page.getByText("shopping.txt").count()).toBe(0); // sent with it: the chips are cleared
      const mainSince = await main().mark();
      await quick.page.getByRole("button", { name: "Open in Alpine" }).click();
      await main().waitFor("conversation-opened", { id }, mainSince);
      await main().page.locator('.message--user[data-seq="0"]').getByText("shopping.txt").waitFor();
    } finally {
      await quick.close();
    }
  });

  it("a kill of the host right as the message is acknowledged keeps it", async () => {
    const quick = await openQuickEntry();
    await e2e.session.model.control.script({ hang: true, text: "Thinking about" });
    const mark = "alpine-quick-kill:";
    const killed = new Promise<string>((resolve) => {
      const onConsole = (line: ConsoleMessage) => {
        if (!line.text().startsWith(mark)) return;
        void e2e.session.host.stop("SIGKILL");
        quick.page.off("console", onConsole);
        resolve(line.text().slice(mark.length));
      };
      quick.page.on("console", onConsole);
    });
    // Given as source: the page runs exactly this (a function would be rewritten by the test's transpiler).
    await quick.page.evaluate(`window.addEventListener("alpine:message-sent", (event) => console.info(${JSON.stringify(mark)} + event.detail.id), { once: true })`);
    const field = quick.page.getByRole("textbox", { name: "Message" });
    await field.fill("Remember the passport renewal");
    await field.press("Enter");
    const id = await killed;
    await quick.close();
    const exit = await e2e.session.restartHost("SIGKILL");
    expect(exit.signal).toBe("SIGKILL");
    const since = await main().mark();
    const row = conversationRow(main(), id);
    await row.waitFor();
    await row.getByRole("button").first().click();
    await main().waitFor("conversation-opened", { id }, since);
    await main().page.locator('.message--user[data-seq="0"]').getByText("Remember the passport renewal").waitFor();
  });
});
