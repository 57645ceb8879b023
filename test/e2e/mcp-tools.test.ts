/**
 * MCP tools in the window (Chromium through the test host): paste a Claude Desktop
 * configuration in Settings → Tools and see the server's tools; a call asks with the four
 * choices: Allow once runs it, Allow in this conversation asks no second time, Deny runs
 * nothing; Stop during a call cancels it at the server (notifications/cancelled); a kill
 * mid-call leaves the outcome unknown and the call is never sent again; after quit no
 * server process is left.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { isProcessAlive, UNKNOWN_RESULT_TEXT } from "../../src/main/agent";
import { readCounts, runsOf } from "../support/mcp/test-mcp-tools";
import { TSX_LOADER } from "../agent/helpers";
import { processTree, STDIO_TEST_SERVER, MCP_TEST_TIMEOUT_MS } from "../service/mcp-helpers";
import { useAlpineSession } from "./support/file-session";
import { sendMessage, startConversation, reopenConversation } from "./support/window-actions";
import { sentMessages } from "../support/model-server";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });
/**
 * The MCP server is a process of its own with no app event: what it writes to its count file
 * (a call received, a cancellation) is waited for as long as an app event, not the poll's 1 s.
 */
const SERVER_WRITES = { timeout: 20_000 };

describe("MCP tools in the window", () => {
  let counts: string;
  let conversation = "";
  const win = () => e2e.win;
  const page = () => e2e.page;
  const card = (callId: string) => page().locator(`.tool-card[data-call-id="${callId}"]`);

  const e2e = useAlpineSession();
  beforeAll(async () => {
    counts = path.join(e2e.session.root, "counts.txt");
  });

  /** The model calls `tool` once, then says `reply`. */
  const scriptCall = (callId: string, tool: string, input: unknown, reply: string) =>
    e2e.session.model.control.script({ toolUses: [{ id: callId, name: tool, input }], text: "Calling the tool." }, { text: reply });

  async function answer(choice: string, reply: string) {
    const since = await win().mark();
    await page().getByRole("button", { name: choice, exact: true }).click();
    await win().waitFor("run-ended", { id: conversation, stoppedBy: "end_turn" }, since);
    await page().getByText(reply).waitFor();
  }

  it("a pasted Claude Desktop configuration: the server starts and its tools are listed", async () => {
    const since = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    const config = { mcpServers: { counter: { command: process.execPath, args: ["--import", TSX_LOADER, STDIO_TEST_SERVER, counts] } } };
    await page().getByLabel("Paste a Claude Desktop configuration (claude_desktop_config.json)").fill(JSON.stringify(config));
    await page().getByRole("button", { name: "Review servers" }).click();
    const reviewed = page().getByTestId("mcp-review").locator('[data-server="counter"]');
    await reviewed.waitFor();
    // Shown before anything runs: the command line as it will run, and no server added yet.
    expect(await reviewed.textContent()).toContain(`${process.execPath} --import`);
    expect(await page().locator(".mcp-server").count()).toBe(0);
    await page().getByRole("button", { name: "Add these servers" }).click();
    await win().waitFor("tools-changed", { "servers.0.name": "counter", "servers.0.status": "ready" }, since, 90_000);
    const server = page().locator('.mcp-server[data-server="counter"]');
    await expect.poll(() => server.getByTestId("server-status").textContent()).toBe("Ready · 6 tools");
    expect(await server.locator(".mcp-tool").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("Echo"), expect.stringContaining("slow")]));
    await page().getByRole("button", { name: "Close settings" }).click();
  });

  it("Allow once runs the call; Allow in this conversation asks no second time; Deny runs nothing", async () => {
    await scriptCall("c1", "counter__echo", { text: "one" }, "Echoed one.");
    const started = await startConversation(win(), "Echo one");
    conversation = started.id;
    const asked = await win().waitFor("ask-shown", { id: conversation }, started.since);
    expect(asked.detail.choices).toEqual(["Allow once", "Allow in this conversation", "Always allow this tool", "Deny"]);
    expect(asked.detail.question).toMatch(/MCP tool "echo" \(Echo\) of server "counter" to run \[read-only\]/);
    await answer("Allow once", "Echoed one.");
    await expect.poll(() => card("c1").getAttribute("data-tool-status")).toBe("done");
    expect(await card("c1").locator(".tool-card__server").textContent()).toBe("counter");
    expect(runsOf(counts, "echo")).toBe(1);

    await scriptCall("c2", "counter__echo", { text: "two" }, "Echoed two.");
    let since = await sendMessage(win(), "Echo two");
    await win().waitFor("ask-shown", { id: conversation }, since);
    await answer("Allow in this conversation", "Echoed two.");
    await scriptCall("c3", "counter__echo", { text: "three" }, "Echoed three.");
    since = await sendMessage(win(), "Echo three");
    await win().waitFor("run-ended", { id: conversation, stoppedBy: "end_turn" }, since);
    expect(await win().events("ask-shown", since)).toEqual([]);
    expect(runsOf(counts, "echo")).toBe(3);

    await scriptCall("c4", "counter__slow", { ms: 10 }, "Understood, not run.");
    since = await sendMessage(win(), "Be slow");
    await win().waitFor("ask-shown", { id: conversation }, since);
    await answer("Deny", "Understood, not run.");
    await expect.poll(() => card("c4").getAttribute("data-tool-status")).toBe("denied");
    expect(runsOf(counts, "slow")).toBe(0);
  });

  it("Stop during a call: the card says aborted and the server received notifications/cancelled", async () => {
    await e2e.session.model.control.script({ toolUses: [{ id: "c5", name: "counter__slow", input: { ms: 600_000 } }], text: "Waiting." });
    const since = await sendMessage(win(), "Be very slow");
    await win().waitFor("ask-shown", { id: conversation }, since);
    await page().getByRole("button", { name: "Allow in this conversation", exact: true }).click();
    await win().waitForStep("tool_start", { callId: "c5" }, since);
    await expect.poll(() => runsOf(counts, "slow"), SERVER_WRITES).toBe(1);
    // The question ended a run too (stoppedBy "ask"): wait for the end of the run Stop ends.
    const stopping = await win().mark();
    await page().getByRole("button", { name: "Stop", exact: true }).click();
    await win().waitFor("run-ended", { id: conversation, stoppedBy: "aborted" }, stopping);
    expect((await win().events("run-ended", since)).map((e) => e.detail.stoppedBy)).toEqual(["ask", "aborted"]);
    await expect.poll(() => card("c5").getAttribute("data-tool-status")).toBe("aborted");
    await expect.poll(() => readCounts(counts).filter((l) => l.tool === "slow").map((l) => l.event), SERVER_WRITES).toEqual(["run", "cancelled"]);
  });

  it("kill the host while a slow MCP tool runs: after relaunch the card says Outcome unknown, Continue sends that text, the server ran it once", async () => {
    await e2e.session.model.control.script({ toolUses: [{ id: "c6", name: "counter__slow", input: { ms: 600_000 } }], text: "Waiting again." });
    const since = await sendMessage(win(), "Be very slow again");
    await win().waitForStep("tool_start", { callId: "c6" }, since); // allowed in this conversation: no question
    await expect.poll(() => runsOf(counts, "slow"), SERVER_WRITES).toBe(2);
    const exit = await e2e.session.restartHost("SIGKILL");
    expect(exit.signal).toBe("SIGKILL");

    const opened = await reopenConversation(win(), conversation);
    expect(opened.detail.interruption).toBe("killed");
    await expect.poll(() => card("c6").getAttribute("data-tool-status")).toBe("unknown");
    expect(await card("c6").locator(".tool-status").textContent()).toBe("Outcome unknown");

    await e2e.session.model.control.script({ text: "It may or may not have run." });
    const before = (await e2e.session.model.control.requests()).length;
    const cont = await win().mark();
    await page().locator('[data-interruption="killed"]').getByRole("button", { name: "Continue" }).click();
    await win().waitFor("run-ended", { id: conversation, stoppedBy: "end_turn" }, cont);
    const request = (await e2e.session.model.control.requests(before + 1)).at(-1)!;
    expect(sentMessages(request).at(-1).content).toContainEqual({ type: "tool_result", tool_use_id: "c6", content: UNKNOWN_RESULT_TEXT, is_error: true });
    expect(runsOf(counts, "slow")).toBe(2); // c5 (cancelled) and c6 (before the kill): c6 was never sent again
  });

  it("quit: no server process is left", async () => {
    const ready = await win().waitFor("tools-changed", { "servers.0.status": "ready" });
    const changes = await win().events("tools-changed", ready.index);
    const pid = changes.at(-1)!.detail.servers[0].pid as number;
    const tree = processTree(pid);
    expect(tree.length).toBeGreaterThanOrEqual(2);
    await e2e.session.host.stop("SIGTERM");
    expect(tree.filter((p) => isProcessAlive(p))).toEqual([]);
    expect(fs.existsSync(counts)).toBe(true);
  });
});
