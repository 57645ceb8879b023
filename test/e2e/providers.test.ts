/**
 * A local model from Settings → Models, in Chromium against the real service: add an
 * Ollama-style provider (a scripted OpenAI-compatible server), Test it, pick its model in the
 * conversation's picker, a file write approved by the person, a kill while the next reply
 * streams, relaunch, Continue. Every request after the pick goes to the local server. Then the
 * provider chosen as the default for new conversations in Settings: a new conversation runs on it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAIServer, type OpenAIServer } from "../support/openai-server";
import { useAlpineSession } from "./support/file-session";
import { chooseWorkFolder, sendMessage, startConversation, reopenConversation } from "./support/window-actions";

describe("a local model from Settings → Models", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;
  const e2e = useAlpineSession();
  let local: OpenAIServer;
  beforeAll(async () => {
    local = await startOpenAIServer();
    await chooseWorkFolder(e2e.win);
  });
  afterAll(async () => {
    await local?.close();
  });

  it("add Ollama, pick its model, approve a write, kill mid-reply, relaunch and Continue", { timeout: 240_000 }, async () => {
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.getByTestId("provider-kind").selectOption("ollama");
    await dialog.getByTestId("provider-base-url").fill(local.url);
    await dialog.getByTestId("provider-add").click();
    const card = dialog.locator('[data-provider="ollama"]');
    await card.waitFor();
    local.script({ text: "OK" });
    await card.getByTestId("provider-test").click();
    const result = card.getByTestId("provider-test-result");
    await result.waitFor();
    expect(await result.getAttribute("data-problem")).toBe("none");
    expect(await result.textContent()).toContain("takes tool calls");
    await dialog.getByRole("button", { name: "Close settings" }).click();
    await dialog.waitFor({ state: "hidden" });

    // A conversation begun on Claude goes on on the local model.
    await e2e.session.model.control.script({ text: "Hello from Claude." });
    const { id, since } = await startConversation(win(), "Hello");
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, since);
    const picked = await win().mark();
    await page().getByRole("combobox", { name: "Model" }).selectOption({ label: "llama3.2:3b · price unknown" });
    await win().waitFor("options-changed", { id }, picked);

    local.script({ text: "I will write local.txt.", toolUses: [{ name: "write_file", input: { path: "local.txt", content: "local\n" } }] });
    const asked = await sendMessage(win(), "Write local.txt");
    await win().waitFor("ask-shown", { id }, asked);
    local.script({ hang: true, text: "Written. Next I will" });
    const allowed = await win().mark();
    await page().getByRole("button", { name: "Allow" }).click();
    await win().waitFor("stream-rendered", { id }, allowed);
    expect(fs.readFileSync(path.join(e2e.session.workFolder, "local.txt"), "utf8")).toBe("local\n");

    expect((await e2e.session.restartHost("SIGKILL")).signal).toBe("SIGKILL");
    await win().waitFor("list-rendered");
    expect((await reopenConversation(win(), id)).detail.interruption).toBe("killed");
    local.script({ text: "Written, and all done." });
    const continued = await win().mark();
    await page().locator('[data-interruption="killed"]').getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, continued);
    await page().getByText("Written, and all done.").waitFor();

    // Claude answered once; the local server had the Test, the write's turn, the killed reply and the one asked again.
    expect(await e2e.session.model.control.requests()).toHaveLength(1);
    const last = local.requests.at(-1)!.body;
    expect(last.model).toBe("llama3.2:3b");
    expect(JSON.stringify(local.requests.at(-2)!.body.messages)).toBe(JSON.stringify(last.messages)); // the killed request, asked again
    expect(last.messages.some((m: { role: string; content: string }) => m.role === "tool" && m.content.includes("local.txt"))).toBe(true);
    expect(fs.readFileSync(path.join(e2e.session.workFolder, "local.txt"), "utf8")).toBe("local\n");
  });

  it("the Ollama-style provider chosen as the default in Settings runs a new conversation", { timeout: 120_000 }, async () => {
    const before = (await e2e.session.model.control.requests()).length;
    const chose = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.getByLabel("Default for new conversations").selectOption({ label: "Ollama" });
    expect((await win().waitFor("default-provider-saved", { provider: "ollama" }, chose)).detail.model).toBe("llama3.2:3b");
    expect(await dialog.getByLabel("Model", { exact: true }).inputValue()).toBe("llama3.2:3b");
    await dialog.getByRole("button", { name: "Close settings" }).click();
    await dialog.waitFor({ state: "hidden" });

    local.script({ text: "Hello from the default." });
    const sent = local.requests.length;
    const { id, since } = await startConversation(win(), "Hi, default");
    await win().waitFor("run-ended", { id, stoppedBy: "end_turn" }, since);
    await page().getByText("Hello from the default.").waitFor();
    expect(local.requests.slice(sent).map((r) => r.body.model)).toEqual(["llama3.2:3b"]);
    expect(await e2e.session.model.control.requests()).toHaveLength(before); // nothing asked of Claude

    // Its provider removed, Settings says new conversations use Anthropic.
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const removed = await win().mark();
    await dialog.locator('[data-provider="ollama"]').getByRole("button", { name: "Remove" }).click();
    await win().waitFor("providers-saved", {}, removed);
    expect(await dialog.getByTestId("default-provider-removed").textContent()).toBe("The default provider was removed from Settings, so new conversations use Anthropic.");
  });
});
