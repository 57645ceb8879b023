/**
 * The window served by the test host talks to it over a WebSocket; when the host dies, the
 * window says so instead of failing silently on every click.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlpineSession } from "./support/alpine-session";

describe("a window whose host dies", () => {
  let session: AlpineSession;

  beforeAll(async () => {
    session = await AlpineSession.start();
  }, 60_000);

  afterAll(async () => {
    const pageErrors = session?.window.pageErrors ?? [];
    await session?.close();
    expect(pageErrors).toEqual([]);
  });

  it("shows a connection-lost notice once the WebSocket closes, and none before", async () => {
    const page = session.window.page;
    await session.window.waitFor("list-rendered");
    expect(await page.locator(".connection-lost").count()).toBe(0);

    const since = await session.window.mark();
    await session.host.stop("SIGKILL");
    await session.window.waitFor("connection-lost", { transport: "websocket" }, since);
    const notice = page.getByRole("alert").filter({ hasText: "Connection lost." });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("can no longer reach Alpine");
    expect(await notice.getByRole("button", { name: "Reload" }).isVisible()).toBe(true);
  });
});
