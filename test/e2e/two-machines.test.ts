/**
 * Two machines on one PostgreSQL server, in Chromium: two test hosts (each its own service
 * and data folder) set to the same server through Settings → Storage; one moves its
 * conversation from this computer to the server and the other sees it. A conversation started
 * on one appears on the other, shows there as running elsewhere (send disabled) while it
 * runs, and continues there once it ends; the first sees what the second added.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startModelServerProcess, type ModelServerProcess } from "../support/model-server-process";
import { freshDatabase, type TestDatabase } from "../support/postgres-database";
import { AppWindow, launchChromium } from "./support/app-window";
import { startTestHost, type TestHost } from "./support/test-host";
import { conversationRow, sendMessage, startConversation } from "./support/window-actions";

async function useServer(window: AppWindow, url: string, inSettings: () => Promise<void> = async () => {}): Promise<void> {
  const since = await window.mark();
  await window.page.getByRole("button", { name: "Settings", exact: true }).click();
  await window.waitFor("settings-opened", {}, since);
  await window.page.getByTestId("storage-choice-postgres").check();
  await window.page.getByTestId("storage-url").fill(url);
  await window.page.getByTestId("storage-connect").click();
  await window.waitFor("storage-changed", { kind: "postgres" }, since);
  expect(await window.page.getByTestId("storage-where").textContent()).toContain("PostgreSQL server");
  await inSettings();
  await window.page.getByRole("button", { name: "Close settings" }).click();
  await window.waitFor("settings-closed", {}, since);
}

describe("two machines on one server", () => {
  let root = "";
  let database: TestDatabase;
  let model: ModelServerProcess;
  let browser: Browser;
  const hosts: TestHost[] = [];
  const windows: AppWindow[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-two-"));
    [database, model, browser] = await Promise.all([freshDatabase(), startModelServerProcess(), launchChromium()]);
    for (const name of ["laptop", "desktop"]) {
      const host = await startTestHost({ dataFolder: path.join(root, name), modelUrl: model.url });
      hosts.push(host);
      windows.push(await AppWindow.open(browser, host.url));
    }
  }, 180_000); // the throwaway server, two hosts and Chromium start on a loaded machine

  afterAll(async () => {
    const pageErrors = windows.flatMap((w) => w.pageErrors);
    await browser?.close().catch(() => {});
    for (const host of hosts) await host.stop("SIGTERM");
    await model?.stop();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
    expect(pageErrors).toEqual([]);
  });

  it("a conversation started on one appears on the other, runs elsewhere there, and continues there", async () => {
    const [laptop, desktop] = windows;
    // The laptop had a conversation on this computer; it moves it to the server from Settings → Storage.
    await model.control.script({ text: "Kept on the laptop" });
    const local = await startConversation(laptop, "Notes from before the server");
    await laptop.waitFor("run-ended", { id: local.id, stoppedBy: "end_turn" }, local.since);
    await useServer(desktop, database.url);
    await useServer(laptop, database.url, async () => {
      const since = await laptop.mark();
      await laptop.page.getByTestId("storage-move-to-server").click();
      const moved = await laptop.waitFor("storage-moved", {}, since);
      expect(moved.detail).toMatchObject({ direction: "to-server", total: 1, moved: 1, skipped: 0, failed: [] });
      expect(await laptop.page.getByTestId("storage-move-report").textContent()).toContain("1 copied and verified");
    });
    await conversationRow(desktop, local.id).waitFor();

    // Started on the laptop; its reply is still coming.
    await model.control.script({ hang: true, text: "Packing list, part one" });
    const desktopMark = await desktop.mark();
    const { id, since } = await startConversation(laptop, "Plan the trip to Oslo");
    await laptop.waitFor("stream-rendered", { id }, since);

    // The desktop's sidebar shows it, running on another machine.
    const row = conversationRow(desktop, id);
    await row.locator('[data-status="runningElsewhere"]').waitFor();
    expect(await row.textContent()).toContain("Plan the trip to Oslo");
    await row.locator(".conversation-row__open").click();
    await desktop.waitFor("conversation-opened", { id }, desktopMark);
    const notice = desktop.page.getByTestId("running-elsewhere");
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Running on another machine/);
    await desktop.page.getByRole("textbox", { name: "Message" }).fill("Can I go on here?");
    expect(await desktop.page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);

    // The laptop stops its run: the desktop may go on with it.
    await laptop.page.keyboard.press("Escape");
    await laptop.waitFor("run-ended", { id, stoppedBy: "aborted" }, since);
    await notice.waitFor({ state: "detached" });
    await model.control.script({ text: "Day one: the fjord ferry" });
    const sent = await sendMessage(desktop, "Go on from the desktop");
    await desktop.waitFor("run-ended", { id, stoppedBy: "end_turn" }, sent);

    // The laptop, which shows the conversation, sees what the desktop added.
    await laptop.page.locator(".message--assistant", { hasText: "Day one: the fjord ferry" }).waitFor();
    expect(await laptop.page.locator(".message--user", { hasText: "Go on from the desktop" }).count()).toBe(1);
    // The run's end (its lease let go) is heard after its last save: the row's status goes a moment later.
    await conversationRow(laptop, id).locator('[data-status="runningElsewhere"]').waitFor({ state: "detached" });
    expect(await conversationRow(laptop, id).textContent()).toContain("Plan the trip to Oslo");
  });
});
