/**
 * What the window says after a relaunch is what it said before, in words (issue 33's sidebar
 * findings): a killed MCP call's card names the tool by its title and the model picker the
 * conversation's model by its name, before Continue, though neither the MCP server nor the
 * Models API answers any more; a PostgreSQL server with no password for it is named so
 * (not as a network failure), with a way to Settings → Storage, the driver's own words only
 * under "Details".
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SERVED_MODELS } from "../support/model-server";
import { startMcpHttpServer, type McpHttpTestServer } from "../support/mcp/http-test-server";
import { runsOf } from "../support/mcp/test-mcp-tools";
import { freshSecureDatabase, secureLogin, type TestDatabase } from "../support/postgres-database";
import { useAlpineSession } from "./support/file-session";
import { sendMessage, startConversation, reopenConversation } from "./support/window-actions";

/** A model only the Models API lists (the built-in list does not know it). */
const LISTED_ONLY = { id: "claude-kestrel-1", display_name: "Claude Kestrel", created_at: "2026-11-01T00:00:00Z" };

describe("the window after a relaunch names things as before", () => {
  const e2e = useAlpineSession();
  const win = () => e2e.win;
  const page = () => e2e.page;
  // Each a function: the window is a new page after each relaunch.
  const picker = () => page().getByLabel("Model");
  const card = () => page().locator('.tool-card[data-call-id="k1"]');
  let mcp: McpHttpTestServer | undefined;
  let database: TestDatabase | undefined;
  let counts = "";

  beforeAll(async () => {
    counts = path.join(e2e.session.root, "counts.txt");
    mcp = await startMcpHttpServer(counts);
  });

  afterAll(async () => {
    await mcp?.close();
    await database?.drop();
  });

  async function openSettings() {
    const since = await win().mark();
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    await win().waitFor("settings-opened", {}, since);
    return page().getByRole("dialog", { name: "Settings" });
  }

  async function closeSettings() {
    const since = await win().mark();
    await page().getByRole("button", { name: "Close settings" }).click();
    await win().waitFor("settings-closed", {}, since);
  }

  it("a killed MCP call's card shows its tool's title and the picker its model's name, before Continue, with neither the server nor the Models API answering", async () => {
    // The Models API lists a model the built-in list does not know; a clean relaunch asks it.
    await e2e.session.model.control.setModels([...DEFAULT_SERVED_MODELS, LISTED_ONLY]);
    await e2e.session.restartHost("SIGTERM");
    let dialog = await openSettings();
    const since = await win().mark();
    await dialog.getByLabel("Server name").fill("counter");
    await dialog.getByLabel("Transport").selectOption("http");
    await dialog.getByLabel("URL", { exact: true }).fill(mcp!.url);
    await dialog.getByRole("button", { name: "Add server" }).click();
    await win().waitFor("tools-changed", { "servers.0.name": "counter", "servers.0.status": "ready" }, since);
    await closeSettings();

    await e2e.session.model.control.script({ text: "Ready when you are." });
    const started = await startConversation(win(), "Be ready");
    await win().waitFor("run-ended", { id: started.id, stoppedBy: "end_turn" }, started.since);
    const picked = await win().mark();
    await picker().selectOption({ label: "Claude Kestrel · price unknown" });
    await win().waitFor("options-changed", { id: started.id, model: LISTED_ONLY.id }, picked);

    // A slow call of the MCP server's tool, allowed, killed while it runs.
    await e2e.session.model.control.script({ toolUses: [{ id: "k1", name: "counter__slow", input: { ms: 600_000 } }], text: "Waiting." });
    const sent = await sendMessage(win(), "Be slow");
    await win().waitFor("ask-shown", { id: started.id }, sent);
    await page().getByRole("button", { name: "Allow once", exact: true }).click();
    await win().waitForStep("tool_start", { callId: "k1" }, sent);
    expect(await card().locator(".tool-card__name").textContent()).toBe("Answer slowly");
    expect(await picker().locator("option:checked").textContent()).toBe("Claude Kestrel · price unknown");
    await expect.poll(() => runsOf(counts, "slow"), { timeout: 20_000 }).toBe(1);
    // After the kill neither answers: the names come from what the app kept.
    await mcp!.close();
    mcp = undefined;
    await e2e.session.model.control.setModels(null);
    expect((await e2e.session.restartHost("SIGKILL")).signal).toBe("SIGKILL");

    const opened = await reopenConversation(win(), started.id);
    expect(opened.detail.interruption).toBe("killed");
    await expect.poll(() => card().getAttribute("data-tool-status")).toBe("unknown");
    // The kept names come with the tools and models the window asks for once its first screen is shown
    // (the window may have reopened the conversation itself before that).
    await expect.poll(() => card().locator(".tool-card__name").textContent()).toBe("Answer slowly");
    expect(await card().getAttribute("aria-label")).toBe("Tool slow of MCP server counter: Outcome unknown");
    await expect.poll(() => picker().locator("option:checked").textContent()).toBe("Claude Kestrel");
    expect(await page().getByText("counter__slow").count()).toBe(0);
    expect(await page().getByText(LISTED_ONLY.id).count()).toBe(0);
    // The server is not up: the names did not come from it.
    dialog = await openSettings();
    expect(await dialog.locator('.mcp-server[data-server="counter"] .mcp-tool').count()).toBe(0);
    await closeSettings();
  });

  it("a PostgreSQL server with no password for it: the window says the password is missing and leads to Settings → Storage, the driver's words only under Details", async () => {
    database = await freshSecureDatabase();
    const { caFile } = await secureLogin();
    let dialog = await openSettings();
    const since = await win().mark();
    await dialog.getByTestId("storage-choice-postgres").check();
    await dialog.getByTestId("storage-url").fill(database.url); // the password in it is kept apart, by its keeper
    await dialog.getByTestId("storage-tls").selectOption("verify-full");
    await dialog.getByTestId("storage-ca").fill(caFile);
    await dialog.getByTestId("storage-connect").click();
    await win().waitFor("storage-changed", { kind: "postgres" }, since);
    await closeSettings();
    // The test host keeps passwords in memory only: after the relaunch there is none (as when it cannot be decrypted).
    await e2e.session.restartHost("SIGTERM");

    const banner = page().getByTestId("storage-banner");
    await banner.waitFor();
    expect(await banner.getAttribute("data-problem")).toBe("password");
    expect(await banner.locator("strong").textContent()).toBe("Password needed.");
    const details = banner.locator("details");
    expect(await details.textContent()).toMatch(/SASL/);
    // What the window shows, Details closed: a missing password, no network failure, no driver text.
    const shown = await page().locator("body").innerText();
    expect(shown).toMatch(/asks for a password/);
    expect(shown).not.toMatch(/SASL|unreachable|could not load its first screen/i);
    await details.locator("summary").click();
    expect(await banner.innerText()).toMatch(/client password must be a string/);

    const opening = await win().mark();
    await banner.getByRole("button", { name: "Open Settings → Storage" }).click();
    await win().waitFor("settings-opened", {}, opening);
    dialog = page().getByRole("dialog", { name: "Settings" });
    await dialog.getByTestId("storage-password").waitFor();
    await expect.poll(() => dialog.getByRole("heading", { name: "Storage" }).evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      const frame = heading.closest("dialog")!.getBoundingClientRect();
      return box.top >= frame.top && box.bottom <= frame.bottom;
    })).toBe(true);
    await closeSettings();
  });
});
