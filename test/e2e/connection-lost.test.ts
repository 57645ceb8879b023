/**
 * The window served by the test host talks to it over a WebSocket; when the host dies, the
 * window says so instead of failing silently on every click.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";

describe("a window whose host dies", () => {

  const e2e = useAlpineSession({}, 60_000);

  it("shows a connection-lost notice once the WebSocket closes, and none before", async () => {
    const page = e2e.page;
    await e2e.win.waitFor("list-rendered");
    expect(await page.locator(".connection-lost").count()).toBe(0);

    const since = await e2e.win.mark();
    await e2e.session.host.stop("SIGKILL");
    await e2e.win.waitFor("connection-lost", { transport: "websocket" }, since);
    const notice = page.getByRole("alert").filter({ hasText: "Connection lost." });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("can no longer reach Alpine");
    expect(await notice.getByRole("button", { name: "Reload" }).isVisible()).toBe(true);
  });
});
