/**
 * An MCP Bundle in the window (Chromium through the test host): a .mcpb dropped on the
 * window is shown for review, its sensitive setting filled and installed; its tool, run on
 * the app's own runtime, is called with the person's approval; Remove deletes it whole. A
 * local registry is browsed and its Add fills the add-server form.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { modelToolName } from "../../src/main/mcp";
import { MCP_TEST_TIMEOUT_MS } from "../service/mcp-helpers";
import { helloManifest, packBundle } from "../service/bundle-helpers";
import { useAlpineSession } from "./support/file-session";
import { startConversation } from "./support/window-actions";
import { sentMessages } from "../support/model-server";
import { startRegistryTestServer } from "../support/mcp/registry-test-server";

vi.setConfig({ testTimeout: MCP_TEST_TIMEOUT_MS, hookTimeout: MCP_TEST_TIMEOUT_MS });

const e2e = useAlpineSession();

it("drop a bundle, fill its secret, install it, call its tool with approval, remove it", async () => {
  const page = e2e.page;
  const win = e2e.win;
  const file = await packBundle(e2e.session.workFolder, helloManifest("1.0.0"));
  let since = await win.mark();
  // A file dropped on the window, as Chromium delivers it: a drop event whose DataTransfer holds the File.
  const data = fs.readFileSync(file).toString("base64");
  const transfer = await page.evaluateHandle(`(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(data)}), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], "hello.mcpb", { type: "application/zip" }));
    return dt;
  })()`);
  await page.locator("body").dispatchEvent("dragover", { dataTransfer: transfer });
  await page.locator("body").dispatchEvent("drop", { dataTransfer: transfer });
  const reviewed = await win.waitFor("bundle-reviewed", { id: "hello-bundle" }, since);
  expect(reviewed.detail).toMatchObject({ version: "1.0.0", serverName: "Hello Bundle" });

  const review = page.getByTestId("bundle-review");
  expect(await review.textContent()).toContain("Runs a Node.js program, on Alpine's own runtime");
  expect(await page.locator(".mcp-server").count()).toBe(0); // nothing installed before the person confirms
  await review.getByLabel("API token").fill("tok-from-the-window");
  since = await win.mark();
  await review.getByRole("button", { name: "Install bundle" }).click();
  await win.waitFor("tools-changed", { "servers.0.name": "Hello Bundle", "servers.0.status": "ready" }, since, 90_000);
  const card = page.locator('.mcp-server[data-server="Hello Bundle"]');
  expect(await card.locator(".bundle-card").textContent()).toContain("MCP Bundle Hello Bundle 1.0.0");
  await page.getByRole("button", { name: "Close settings" }).click();

  // The model calls the bundle's tool; the person allows it once.
  await e2e.session.model.control.script({ toolUses: [{ id: "b1", name: modelToolName("Hello Bundle", "whoami"), input: { note: "from the window" } }], text: "Asking the bundle." }, { text: "The bundle answered." });
  const started = await startConversation(win, "Who is the bundle?");
  await win.waitFor("ask-shown", { id: started.id }, started.since);
  const answered = await win.mark();
  await page.getByRole("button", { name: "Allow once", exact: true }).click();
  await win.waitFor("run-ended", { id: started.id, stoppedBy: "end_turn" }, answered);
  const toolCard = page.locator('.tool-card[data-call-id="b1"]');
  await expect.poll(() => toolCard.getAttribute("data-tool-status")).toBe("done");
  const sent = sentMessages((await e2e.session.model.control.requests()).at(-1)!).flatMap((m: { content: unknown }) => (Array.isArray(m.content) ? m.content : []));
  // What the tool answered went back to the model: the secret typed in the window reached the server.
  const result = JSON.stringify(sent.find((b: { type: string }) => b.type === "tool_result"));
  for (const said of ['"version":"1.0.0"', '"token":"tok-from-the-window"', '"note":"from the window"']) expect(result).toContain(JSON.stringify(said).slice(1, -1));

  // Remove: its files go, and it leaves the list.
  since = await win.mark();
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await page.locator('.mcp-server[data-server="Hello Bundle"]').getByRole("button", { name: "Remove" }).click();
  await win.waitFor("tools-saved", { channel: "tools:removeServer" }, since);
  expect(await page.locator(".mcp-server").count()).toBe(0);
  expect(fs.readdirSync(path.join(e2e.session.dataFolder, "mcp-bundles"))).toEqual([]);
  await page.getByRole("button", { name: "Close settings" }).click();
});

it("browse a local registry: search, a server's page, Add fills the form for the person to confirm; an unreachable registry is a calm message", async () => {
  const page = e2e.page;
  const win = e2e.win;
  const registry = await startRegistryTestServer();
  try {
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const browser = page.getByTestId("registry-browser");
    await browser.locator("summary").click();
    await browser.getByLabel("Registry address").fill(registry.url);
    const since = await win.mark();
    await browser.getByRole("button", { name: "Use this registry" }).click();
    await win.waitFor("tools-saved", { channel: "tools:setRegistryUrl" }, since);
    await browser.getByLabel("Search the registry").fill("weather");
    await browser.getByRole("button", { name: "Search" }).click();
    await browser.getByRole("button", { name: "Acme Weather" }).click();
    const npm = browser.locator('[data-option="npm"]');
    expect(await npm.textContent()).toContain("needs ACME_API_KEY (secret), ACME_REGION");
    expect(await browser.locator('[data-option="nuget"]').textContent()).toContain("Alpine cannot start nuget packages");
    await npm.getByRole("button", { name: "Add…" }).click();
    // The form is filled, not submitted: nothing is added until the person adds it.
    const form = page.getByTestId("add-server");
    expect(await form.getByLabel("Server name").inputValue()).toBe("Acme Weather");
    expect(await form.getByLabel("Command").inputValue()).toBe("npx");
    expect(await form.getByLabel("Arguments, one per line").inputValue()).toBe("-y\n@acme/weather-mcp@1.2.0\n--units\nmetric");
    expect(await form.getByLabel("Environment, NAME=value per line").inputValue()).toBe("ACME_API_KEY=\nACME_REGION=eu");
    expect(await page.locator(".mcp-server").count()).toBe(0);
  } finally {
    await registry.close();
  }
  // The registry is gone now: searching says so calmly.
  const browser = page.getByTestId("registry-browser");
  await browser.getByRole("button", { name: "Search" }).click();
  await expect.poll(() => browser.getByTestId("registry-error").textContent()).toMatch(/cannot be reached right now \(ECONNREFUSED\)\. Check the connection, or the registry address in Settings → Tools; your servers are not affected\./);
  await page.getByRole("button", { name: "Close settings" }).click();
});
