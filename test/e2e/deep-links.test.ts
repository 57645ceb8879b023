/**
 * alpine:// links in the window (Chromium through the test host, which hands each link to the
 * service as the app's second-instance and open-url do): a new conversation gets the text in
 * its composer and nothing is sent; an MCP server is shown exactly for confirmation and added
 * only on Add, Cancel adding nothing; a hostile link's refusal is said. Settings → Desktop
 * changes are saved at once.
 */
import { describe, expect, it } from "vitest";
import type { DeepLinkAction } from "../../src/shared/deep-link-types";
import { useAlpineSession } from "./support/file-session";

describe("deep links in the window", () => {
  const e2e = useAlpineSession();
  const win = () => e2e.win;
  const page = () => e2e.page;

  async function openLink(link: string): Promise<DeepLinkAction> {
    const answer = await fetch(`${e2e.session.host.url.replace(/\/$/, "")}/_test/deep-link`, { method: "POST", body: link });
    return (await answer.json()) as DeepLinkAction;
  }

  it("a new conversation gets the text in its composer, and nothing is sent", async () => {
    const since = await win().mark();
    await openLink(`alpine://new?text=${encodeURIComponent("Draft a note to Ada about Oslo")}`);
    await win().waitFor("deep-link-applied", { kind: "new_conversation" }, since);
    const field = page().getByRole("textbox", { name: "Message" });
    await expect.poll(() => field.inputValue()).toBe("Draft a note to Ada about Oslo");
    expect(await page().locator(".conversation-row").count()).toBe(0);
  });

  it("an MCP server is shown exactly; Cancel adds nothing; Add, with the environment value typed, adds it", async () => {
    const args = ["-y", "@example/server files", "--root=/tmp/x"];
    const link = `alpine://mcp/install?name=files&command=no-such-command-for-alpine&args=${encodeURIComponent(JSON.stringify(args))}&env=${encodeURIComponent('["FILES_TOKEN"]')}`;
    let since = await win().mark();
    await openLink(link);
    await win().waitFor("deep-link-applied", { kind: "add_mcp_server" }, since);
    const dialog = page().getByRole("dialog", { name: "Add the MCP server “files”?" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("proposed-command").textContent()).toBe("no-such-command-for-alpine");
    expect(await dialog.getByTestId("proposed-args").locator("li").allTextContents()).toEqual(args);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    since = await win().mark();
    await openLink(link);
    await dialog.waitFor();
    await dialog.getByLabel("FILES_TOKEN").fill("typed-by-me");
    await dialog.getByRole("button", { name: "Add server" }).click();
    await win().waitFor("tools-saved", { channel: "tools:addServer" }, since);
    await page().getByRole("button", { name: "Settings", exact: true }).click();
    await page().locator('.mcp-server[data-server="files"]').waitFor();
    expect(await page().locator(".mcp-server").count()).toBe(1);
    // A second link for the same name is refused, and says why.
    expect(await openLink(link)).toMatchObject({ kind: "refused", error: { name: "DeepLinkServerExistsError" } });
  });

  it("a hostile link is refused with its reason, and the desktop settings save at once", async () => {
    await openLink("alpine://conversation?id=..%2F..%2Fetc");
    await page().getByText(/The link's "id" is not valid/).first().waitFor();
    const section = page().getByTestId("desktop-settings");
    if (!(await section.isVisible())) await page().getByRole("button", { name: "Settings", exact: true }).click();
    const since = await win().mark();
    const notify = section.getByLabel(/Notify me when a reply is ready/);
    expect(await notify.isChecked()).toBe(true);
    // The box follows the saved setting: it changes once main has kept the change.
    await notify.click();
    await win().waitFor("settings-saved", { "desktop.notifyRunEnded": false }, since);
    await expect.poll(() => notify.isChecked()).toBe(false);
  });
});
