/**
 * axe-core over every view of the window, in the light and the dark theme, in Chromium
 * through the test host with the scripted model: the empty start, Settings and Export and
 * import, a streamed reply (while it streams and when done), a file write's approval with
 * its diff, tool cards, attachments, thinking, branches, search, rename, the delete
 * confirmation, a run interrupted by a crash (Outcome unknown, the banner, the sidebar's
 * notice) and the missing-key notice. Each view must have no serious or critical
 * violation; a failure lists them rule by rule. Settings is one dialog with its sections
 * (key, model, folder, prices, updates and backups, MCP servers): it is judged as it opens
 * and again with a server's card; the window has no menus of its own (selects are native). Screenshots of each view in both themes
 * go to test-results/screenshots/a11y-*.png. The window's own text (not the person's or the model's
 * words) must hold no character drawn as a colour emoji: many Linux desktops have no such font.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TSX_LOADER } from "../agent/helpers";
import { STDIO_TEST_SERVER } from "../service/mcp-helpers";
import { SLOW_LOOKUP_TOOL } from "../support/slow-lookup-tool";
import { useAlpineSession } from "./support/file-session";
import { SCREENSHOT_FOLDER } from "./support/app-window";
import { auditInBothThemes } from "./support/axe-audit";
import { emojiInWindowText } from "./support/window-glyphs";
import { chooseWorkFolder, sendMessage, startConversation, reopenConversation } from "./support/window-actions";

const attachment = (name: string) => fileURLToPath(new URL(`../fixtures/attachments/${name}`, import.meta.url));

const RICH_REPLY = [
  "Here is a **plan** with `code`, a [link](https://example.com) and a list:",
  "",
  "1. water the plants",
  "2. feed the cat",
  "",
  "| Day | Task |",
  "| --- | ---- |",
  "| Mon | Water |",
  "",
  "> A quote to remember.",
  "",
  "```ts",
  "const answer: number = 42; // the answer",
  "function greet(name: string) { return `Hello, ${name}`; }",
  "```",
].join("\n");

describe("accessibility: axe over every view, light and dark", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession({ slowTool: true });

  /** Runs axe on the view in both themes, saves a screenshot of each, and fails listing what axe found. */
  async function audit(name: string): Promise<void> {
    fs.mkdirSync(SCREENSHOT_FOLDER, { recursive: true });
    const report = await auditInBothThemes(page(), name, (colorScheme) =>
      page().screenshot({ path: path.join(SCREENSHOT_FOLDER, `a11y-${name}-${colorScheme}.png`), animations: "disabled" }).then(() => undefined),
    );
    if (report) console.error(report);
    expect.soft(report).toBe("");
    expect.soft(await emojiInWindowText(page()), `${name}: the window's own text needs only text fonts`).toEqual([]);
  }

  it("the empty start", async () => {
    await page().getByRole("textbox", { name: "Message" }).waitFor();
    await audit("empty-start");
  });

  it("Settings: key, model, folder, prices, updates and backups, tools and MCP servers", async () => {
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.waitFor();
    await audit("settings");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("Settings with an MCP server: its card, status and tools", { timeout: 180_000 }, async () => {
    const since = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const config = { mcpServers: { counter: { command: process.execPath, args: ["--import", TSX_LOADER, STDIO_TEST_SERVER, path.join(e2e.session.root, "counts.txt")] } } };
    await page().getByLabel("Paste a Claude Desktop configuration (claude_desktop_config.json)").fill(JSON.stringify(config));
    await page().getByRole("button", { name: "Review servers" }).click();
    await page().getByTestId("mcp-review").locator('[data-server="counter"]').waitFor();
    await page().getByRole("button", { name: "Add these servers" }).click();
    await win().waitFor("tools-changed", { "servers.0.name": "counter", "servers.0.status": "ready" }, since, 90_000);
    const server = page().locator('.mcp-server[data-server="counter"]');
    await server.locator(".mcp-tool").first().waitFor();
    await server.scrollIntoViewIfNeeded();
    await audit("settings-mcp");
    await page().getByRole("button", { name: "Close settings" }).click();
    await page().getByRole("dialog", { name: "Settings" }).waitFor({ state: "hidden" });
  });

  it("Export and import", async () => {
    await page().getByRole("button", { name: "Export and import" }).click();
    const dialog = page().getByRole("dialog");
    await dialog.waitFor();
    await audit("transfer");
    await page().keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("a reply while it streams and when it is done", async () => {
    await chooseWorkFolder(win());
    await e2e.session.model.control.script({ text: RICH_REPLY, chunks: 30, delayMs: 150 });
    const { id, since } = await startConversation(win(), "Plan my chores");
    await win().waitFor("stream-rendered", {}, since);
    await audit("streaming");
    await win().waitFor("run-ended", { id }, since);
    await page().locator(".message--assistant .code-block").waitFor();
    await audit("reply");
  });

  it("a reply stopped by the person, its words kept and marked", async () => {
    await e2e.session.model.control.script({ hang: true, text: "Once upon a time, in a quiet valley, there lived" });
    const since = await sendMessage(win(), "Tell me a story");
    await win().waitFor("stream-rendered", {}, since);
    await page().getByRole("button", { name: "Stop", exact: true }).click();
    await win().waitFor("run-ended", { stoppedBy: "aborted" }, since);
    await page().locator('.message--assistant[data-partial="stopped"]').waitFor();
    await audit("stopped-reply");
  });

  it("a file write's approval with its diff, then the denied and a finished tool card", async () => {
    e2e.session.model.control.script(
      { toolUses: [{ name: "write_file", input: { path: "todo.txt", content: "water the plants\nfeed the cat\n" } }], text: "Adding it." },
      { toolUses: [{ name: "read_file", input: { path: "notes.md" } }], text: "Let me read your notes." },
      { text: "Your notes say to buy milk." },
    );
    const since = await sendMessage(win(), "Add the cat to my list, then read my notes");
    await win().waitFor("ask-shown", {}, since);
    await page().getByRole("region", { name: "Alpine is asking you" }).locator(".code-block").waitFor();
    await audit("approval-diff");
    const answered = await win().mark();
    await page().getByRole("button", { name: "Deny" }).click();
    await win().waitFor("run-ended", { stoppedBy: "end_turn" }, answered);
    await page().locator(".message--assistant").getByText("Your notes say to buy milk.").waitFor();
    // Open the cards, so their input and result are judged too.
    const closed = page().locator(".tool-card__head[aria-expanded=false]");
    for (let left = await closed.count(); left > 0; left--) await closed.first().click();
    expect(await closed.count()).toBe(0);
    await audit("tool-cards");
  });

  it("attachments in the composer and in a sent message, and a thinking block", async () => {
    await page().getByRole("button", { name: "New conversation" }).click();
    const attached = await win().mark();
    await page().locator("[data-testid=attach-input]").setInputFiles([attachment("gradient.png"), attachment("one-page.pdf")]);
    await win().waitFor("attachment-added", { name: "one-page.pdf" }, attached);
    await page().locator(".composer .attachment-chip").nth(1).waitFor();
    await audit("attachments-composer");

    await e2e.session.model.control.script({ thinking: "The person sent a gradient and a page. Describe both.", text: "A gradient and one page." });
    const since = await sendMessage(win(), "What are these?");
    await win().waitForStep("run_end", {}, since);
    await page().locator("details.thinking summary").waitFor();
    await page().locator("details.thinking summary").click();
    await audit("attachments-thinking");
  });

  it("the branch switcher and the message editor", async () => {
    const userMessage = page().locator(".message--user").first();
    await userMessage.hover();
    await userMessage.getByRole("button", { name: "Edit" }).click();
    const editor = page().getByRole("textbox", { name: "Edit your message" });
    await editor.waitFor();
    await audit("message-editor");
    await e2e.session.model.control.script({ text: "Another look at the gradient." });
    const since = await win().mark();
    await editor.fill("What is the image?");
    await editor.press("Enter");
    const created = await win().waitFor("branch-created", { kind: "edit" }, since);
    await win().waitFor("run-ended", { id: created.detail.id }, since);
    await page().locator(".branch-switcher").getByText("2 / 2").waitFor();
    await audit("branch-switcher");
  });

  it("search results, rename, and the delete confirmation", async () => {
    const since = await win().mark();
    await page().getByRole("searchbox").fill("plants");
    await win().waitFor("list-rendered", { query: "plants" }, since);
    await page().locator(".conversation-row").first().hover();
    await audit("search");
    const cleared = await win().mark();
    await page().getByRole("searchbox").fill("");
    await win().waitFor("list-rendered", { query: "" }, cleared);

    const row = page().locator(".conversation-row").first();
    await row.locator("[data-row-focus]").focus();
    await page().keyboard.press("F2");
    const field = page().getByRole("textbox", { name: "New title" });
    await field.waitFor();
    await audit("rename");
    await field.press("Escape");

    await page().locator(".conversation-row").first().hover();
    await page().locator(".conversation-row").first().getByRole("button", { name: /^Delete/ }).click();
    const dialog = page().getByRole("dialog", { name: "Delete this conversation?" });
    await dialog.waitFor();
    await audit("delete-confirm");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("a run interrupted by a crash: Outcome unknown, the banner and the sidebar's notice", { timeout: 180_000 }, async () => {
    const callId = "toolu_a11y_slow";
    await e2e.session.model.control.script({ toolUses: [{ id: callId, name: SLOW_LOOKUP_TOOL, input: { ms: 600_000 } }], text: "Let me look that up." });
    const { id, since } = await startConversation(win(), "Look up the opening hours");
    await win().waitForStep("tool_start", { callId }, since);
    await page().locator(`.tool-card[data-call-id="${callId}"][data-tool-status="running"]`).waitFor();
    await audit("tool-running");

    await e2e.session.restartHost("SIGKILL");
    await win().waitFor("list-rendered");
    await reopenConversation(win(), id);
    await page().locator('[data-interruption="killed"]').waitFor();
    await page().locator(`.tool-card[data-call-id="${callId}"][data-tool-status="unknown"]`).waitFor();
    await audit("interrupted");
  });

  it("the missing-key notice, and a message waiting for the key", async () => {
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    // The key's Remove comes first; the MCP server has one too.
    await dialog.getByRole("button", { name: "Remove", exact: true }).first().click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page().locator(".sidebar__settings .badge--warn").getByText("No API key").waitFor();
    await page().getByRole("button", { name: "New conversation" }).click();
    await audit("no-key");
    const { id, since } = await startConversation(win(), "Plan my day");
    await win().waitFor("conversation-opened", { id }, since);
    await page().locator('[data-interruption="needs_key"]').waitFor();
    await audit("waiting-for-key");
  });
});
