/**
 * What the window acknowledges survives a crash at that very instant (docs/acknowledgements.md):
 * for each kind of acknowledgement, the test host is SIGKILLed from inside the window's own
 * named app event (the moment the person sees "sent", "renamed", "saved"), then started again
 * on the same data folder, like a relaunch; the new window must show what was acknowledged.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleMessage } from "playwright-core";
import { freshDatabase, type TestDatabase } from "../support/postgres-database";
import type { DetailMatch } from "./support/app-window";
import { useAlpineSession } from "./support/file-session";
import { chooseWorkFolder, conversationRow, sendMessage, reopenConversation } from "./support/window-actions";

describe("an acknowledgement in the window is saved at that instant", () => {
  const e2e = useAlpineSession();
  const win = () => e2e.win;
  const page = () => e2e.page;
  const message = (kind: "user" | "assistant", seq: number) => page().locator(`.message--${kind}[data-seq="${seq}"]`);
  let armed = 0;

  beforeAll(async () => {
    // Every model request gets a short reply unless a test scripts another.
    await e2e.session.model.control.setFallback({ text: "Noted." });
  });

  /**
   * The host is SIGKILLed from the window's `alpine:<name>` event (the first whose detail
   * matches): the page's listener writes a console line the moment the event is dispatched,
   * and the test kills the host as it reads it. `killed` resolves with the event's detail.
   */
  async function killAt(name: string, match: DetailMatch = {}): Promise<{ killed: Promise<any> }> {
    const mark = `alpine-ack-kill-${armed++}:`;
    const killed = new Promise<any>((resolve) => {
      const onConsole = (line: ConsoleMessage) => {
        if (!line.text().startsWith(mark)) return;
        void e2e.session.host.stop("SIGKILL");
        page().off("console", onConsole);
        resolve(JSON.parse(line.text().slice(mark.length)));
      };
      page().on("console", onConsole);
    });
    // Given as source: the page runs exactly this (a function would be rewritten by the test's transpiler).
    await page().evaluate(`(() => {
      const match = ${JSON.stringify(match)};
      const listener = (event) => {
        const detail = event.detail ?? {};
        if (!Object.entries(match).every(([key, want]) => JSON.stringify(detail[key]) === JSON.stringify(want))) return;
        window.removeEventListener(${JSON.stringify(`alpine:${name}`)}, listener);
        console.info(${JSON.stringify(mark)} + JSON.stringify(detail));
      };
      window.addEventListener(${JSON.stringify(`alpine:${name}`)}, listener);
    })()`);
    return { killed };
  }

  /** After the relaunch: conversation `id` shown (reopened by the window, or from the sidebar); resolves with its `conversation-opened` detail. */
  async function reopen(id: string) {
    return (await reopenConversation(win(), id)).detail;
  }

  async function relaunch(): Promise<void> {
    const exit = await e2e.session.restartHost("SIGKILL");
    expect(exit.signal).toBe("SIGKILL");
  }

  let conversation = "";

  it("the first message after a launch, shown as sent, is there after a kill at that instant", async () => {
    const { killed } = await killAt("message-sent", { kind: "start" });
    await page().getByRole("button", { name: "New conversation" }).click();
    await sendMessage(win(), "Pack the tent for the Kyoto trip");
    conversation = (await killed).id;
    await relaunch();
    await reopen(conversation);
    await message("user", 0).getByText("Pack the tent for the Kyoto trip").waitFor();
  });

  it("a message sent in a conversation (the first after this launch too) is there after a kill at its acknowledgement", async () => {
    const { killed } = await killAt("message-sent", { kind: "send", id: conversation });
    await sendMessage(win(), "And the rain jacket");
    await killed;
    await relaunch();
    await reopen(conversation);
    await page().locator(".message--user").getByText("And the rain jacket").waitFor();
  });

  let edited = "";

  it("an edit, shown as a new branch, is there after a kill at its acknowledgement", async () => {
    const { killed } = await killAt("branch-created", { kind: "edit" });
    await message("user", 0).getByRole("button", { name: "Edit" }).click();
    const editor = page().getByRole("textbox", { name: "Edit your message" });
    await editor.fill("Pack the tent and the stove");
    await editor.press("Enter");
    edited = (await killed).id;
    await relaunch();
    await reopen(edited);
    await message("user", 0).getByText("Pack the tent and the stove").waitFor();
  });

  it("a regenerate, shown as a new branch, is there after a kill at its acknowledgement", async () => {
    // A reply saved to regenerate: the edited branch's run was cut at once; one more message gets one.
    const since = await win().mark();
    await sendMessage(win(), "Anything else?");
    await win().waitFor("run-ended", { id: edited }, since);
    const reply = page().locator(".message--assistant").last();
    await reply.waitFor();
    const seq = Number(await reply.getAttribute("data-seq"));
    const { killed } = await killAt("branch-created", { kind: "regenerate" });
    await message("assistant", seq).getByRole("button", { name: "Regenerate" }).click();
    const regenerated = (await killed).id;
    expect(regenerated).not.toBe(edited);
    await relaunch();
    const opened = await reopen(regenerated);
    expect(opened.id).toBe(regenerated);
  });

  it("a rename, shown in the sidebar, is there after a kill at its acknowledgement, and the next launch does not paint the old title first", async () => {
    const row = page().locator(".conversation-row").first();
    const id = (await row.getAttribute("data-conversation-id"))!;
    const oldTitle = (await row.locator(".conversation-row__title").textContent())!;
    // The kept first screen shows the old title now (kept by this window once it came to rest).
    await win().waitFor("first-screen-kept", { kept: true });
    expect(fs.readFileSync(path.join(e2e.session.dataFolder, "first-screen.json"), "utf8")).toContain(oldTitle);
    const { killed } = await killAt("renamed", { id });
    await row.getByRole("button").first().press("F2");
    const field = page().getByRole("textbox", { name: "New title" });
    await field.fill("Kyoto packing list");
    await field.press("Enter");
    await killed;
    const kept = path.join(e2e.session.dataFolder, "first-screen.json");
    expect(fs.existsSync(kept) ? fs.readFileSync(kept, "utf8") : "").not.toContain(oldTitle);
    await relaunch();
    await conversationRow(win(), id).locator(".conversation-row__title").getByText("Kyoto packing list", { exact: true }).waitFor();
  });

  it("a setting saved is there after a kill at its acknowledgement", async () => {
    const since = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    await win().waitFor("settings-opened", {}, since);
    const { killed } = await killAt("settings-saved");
    await page().getByLabel("System prompt").fill("Answer in one short sentence.");
    await page().getByRole("button", { name: "Save" }).click();
    await killed;
    await relaunch();
    const opened = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    await win().waitFor("settings-opened", {}, opened);
    expect(await page().getByLabel("System prompt").inputValue()).toBe("Answer in one short sentence.");
    await page().getByRole("button", { name: "Close settings" }).click();
    await win().waitFor("settings-closed", {}, opened);
  });

  it("an approval given (Allow) is there after a kill at its acknowledgement: the question is not asked again", async () => {
    await chooseWorkFolder(win());
    await e2e.session.model.control.script({ toolUses: [{ name: "write_file", input: { path: "tent.txt", content: "tent\n" } }], text: "I will write tent.txt." });
    const since = await win().mark();
    await page().getByRole("button", { name: "New conversation" }).click();
    await sendMessage(win(), "Write the tent list");
    const id = (await win().waitFor("message-sent", { kind: "start" }, since)).detail.id;
    await win().waitFor("ask-shown", { id }, since);
    await win().waitForStep("run_end", { stoppedBy: "ask" }, since);
    const { killed } = await killAt("answer-sent", { id });
    await page().getByRole("button", { name: "Allow" }).click();
    await killed;
    await relaunch();
    const opened = await reopen(id);
    // The answer is saved: no question waits any more (unsaved, it would be asked again).
    expect(opened.pendingAsk).toBeNull();
    expect(await page().getByRole("button", { name: "Allow" }).count()).toBe(0);
  });

  let oslo = "";
  let branched = "";

  it("a branch started (Branch off), shown as a new conversation, is there after a kill at its acknowledgement", async () => {
    const since = await win().mark();
    await page().getByRole("button", { name: "New conversation" }).click();
    await sendMessage(win(), "Plan the Oslo trip");
    oslo = (await win().waitFor("message-sent", { kind: "start" }, since)).detail.id;
    await win().waitFor("run-ended", { id: oslo, stoppedBy: "end_turn" }, since);
    const { killed } = await killAt("branch-created", { kind: "branch", from: oslo });
    await message("assistant", 1).getByRole("button", { name: "Branch off" }).click();
    branched = (await killed).id;
    expect(branched).not.toBe(oslo);
    await relaunch();
    await reopen(branched);
    await message("user", 0).getByText("Plan the Oslo trip").waitFor();
    await message("assistant", 1).getByText("Noted.").waitFor();
  });

  /** Deletes conversation `id` from its row, as a person does (the row's Delete, then the confirmation). */
  async function deleteRow(id: string): Promise<void> {
    const row = conversationRow(win(), id);
    await row.hover();
    await row.getByRole("button", { name: /^Delete/ }).click();
    await page().getByRole("dialog", { name: "Delete this conversation?" }).getByRole("button", { name: "Delete" }).click();
  }

  it("a delete, shown by the row going, is still gone after a kill at its acknowledgement", async () => {
    const { killed } = await killAt("deleted", { id: branched });
    await deleteRow(branched);
    await killed;
    await relaunch();
    const listed = await win().waitFor("list-rendered");
    expect(listed.detail.ids).toContain(oslo);
    expect(listed.detail.ids).not.toContain(branched);
  });

  it("an import reported done is there after a kill at its report (and the deleted conversation stays gone)", async () => {
    // The Oslo conversation, exported as Alpine JSON, then deleted: the import brings it back.
    await reopen(oslo);
    let since = await win().mark();
    await page().getByRole("button", { name: "Export and import" }).click();
    await win().waitFor("transfer-opened", {}, since);
    const dialog = page().getByRole("dialog", { name: "Export and import" });
    await dialog.getByLabel("This conversation, the branch shown").check();
    await dialog.getByLabel("Alpine JSON (to import again)").check();
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const exported = (await win().waitFor("exported", {}, since)).detail;
    expect(exported).toMatchObject({ conversations: 1 });
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await win().waitFor("transfer-closed", {}, since);
    since = await win().mark();
    await deleteRow(oslo);
    await win().waitFor("deleted", { id: oslo }, since);

    since = await win().mark();
    await page().getByRole("button", { name: "Export and import" }).click();
    await win().waitFor("transfer-opened", {}, since);
    const { killed } = await killAt("imported");
    await dialog.getByLabel("File to import").fill(exported.path);
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const report = await killed;
    await relaunch();
    const listed = await win().waitFor("list-rendered");
    expect(listed.detail.ids).toContain(oslo);
    expect(listed.detail.ids).not.toContain(branched);
    await reopen(oslo);
    await message("assistant", 1).getByText("Noted.").waitFor();
    expect(report).toMatchObject({ error: null, imported: [{ id: oslo }] });
  });

  /** Opens Settings; resolves once the dialog is open. */
  async function openSettings() {
    const since = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    await win().waitFor("settings-opened", {}, since);
    return page().getByRole("dialog", { name: "Settings" });
  }

  it("an MCP server added, shown in Settings → Tools, is there after a kill at its acknowledgement", async () => {
    const dialog = await openSettings();
    await dialog.getByLabel("Server name").fill("notes");
    await dialog.getByLabel("Transport").selectOption("http");
    // Nothing listens there: the server is listed all the same (its status says it cannot be reached).
    await dialog.getByLabel("URL", { exact: true }).fill("http://127.0.0.1:9/mcp");
    const { killed } = await killAt("tools-saved", { channel: "tools:addServer" });
    await dialog.getByRole("button", { name: "Add server" }).click();
    await killed;
    await relaunch();
    await (await openSettings()).locator('.mcp-server[data-server="notes"]').waitFor();
    await page().getByRole("button", { name: "Close settings" }).click();
  });

  it("a provider added in Settings → Models, shown in its list, is there after a kill at its acknowledgement", async () => {
    const dialog = await openSettings();
    await dialog.getByTestId("provider-kind").selectOption("ollama");
    await dialog.getByTestId("provider-base-url").fill("http://127.0.0.1:9/v1");
    const { killed } = await killAt("providers-saved");
    await dialog.getByTestId("provider-add").click();
    const saved = await killed;
    await relaunch();
    await (await openSettings()).locator('[data-provider="ollama"]').waitFor();
    expect(saved.providers).toEqual([expect.objectContaining({ kind: "ollama" })]);
    await page().getByRole("button", { name: "Close settings" }).click();
  });

  it("a message written while a run goes is not taken (the window keeps no queue); sent once the run stopped, it is there after a kill at its acknowledgement", async () => {
    await e2e.session.model.control.script({ hang: true, text: "Packing list, part one" });
    await page().getByRole("button", { name: "New conversation" }).click();
    const since = await sendMessage(win(), "Pack for Bergen");
    const id = (await win().waitFor("message-sent", { kind: "start" }, since)).detail.id;
    await win().waitFor("stream-rendered", { id }, since);
    const field = page().getByRole("textbox", { name: "Message" });
    const typed = await win().mark();
    await field.fill("And the wool socks");
    await field.press("Enter");
    // Nothing acknowledged: the words stay in the composer, Stop stands where Send was.
    expect(await field.inputValue()).toBe("And the wool socks");
    expect(await page().getByRole("button", { name: "Send" }).count()).toBe(0);
    await page().getByRole("button", { name: "Stop", exact: true }).click();
    await win().waitFor("run-ended", { id, stoppedBy: "aborted" }, typed);
    expect(await win().events("message-sent", typed)).toEqual([]);
    expect(await field.inputValue()).toBe("And the wool socks");
    const { killed } = await killAt("message-sent", { kind: "send", id });
    await field.press("Enter");
    await killed;
    await relaunch();
    await reopen(id);
    await page().locator(".message--user").getByText("And the wool socks").waitFor();
  });

  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it("a move to a PostgreSQL server reported done is there after a kill at its report: the relaunch, on the server, lists every conversation", async () => {
    database = await freshDatabase();
    // What the sidebar lists on this computer: every conversation fits its first page.
    const onComputer = (await win().events("list-rendered")).at(-1)!.detail;
    expect(onComputer.ids).toHaveLength(onComputer.total);
    expect(onComputer.ids).toContain(oslo);
    const dialog = await openSettings();
    const since = await win().mark();
    await dialog.getByTestId("storage-choice-postgres").check();
    await dialog.getByTestId("storage-url").fill(database.url);
    await dialog.getByTestId("storage-connect").click();
    await win().waitFor("storage-changed", { kind: "postgres" }, since);
    const { killed } = await killAt("storage-moved");
    await dialog.getByTestId("storage-move-to-server").click();
    const report = await killed;
    expect(report).toMatchObject({ direction: "to-server", failed: [] });
    await relaunch();
    const listed = await win().waitFor("list-rendered");
    expect(listed.detail.total).toBe(onComputer.total);
    expect([...listed.detail.ids].sort()).toEqual([...onComputer.ids].sort());
    await reopen(oslo);
    await message("assistant", 1).getByText("Noted.").waitFor();
  });
});
