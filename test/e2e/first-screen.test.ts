/**
 * A launch shows the first screen kept from the last session at its first paint, before the
 * app's code has run: the sidebar and the conversation that was open, as they last looked.
 * What a person does on it meanwhile is carried out once the app is live; a deleted
 * conversation never comes back on it; a kept screen of another build is not shown.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { useAlpineSession } from "./support/file-session";
import { SCREENSHOT_FOLDER } from "./support/app-window";
import { startTestHost } from "./support/test-host";
import { conversationRow, startConversation } from "./support/window-actions";
import { APP_CODE_PRELOAD_ATTRIBUTE, HELD_PRELOAD_REL } from "../../src/shared/kept-first-screen";

const APP_CHUNK = /\/assets\/start-app-[^/]*\.js$/;

describe("the first screen kept from the last session", () => {
  const e2e = useAlpineSession({}, undefined, { noCspRefusals: true });
  const win = () => e2e.win;
  const keptFile = () => path.join(e2e.session.dataFolder, "first-screen.json");
  const ids: Record<string, string> = {};

  /** Quit the app and launch it again in a fresh browser context, its app chunk held until `release`. */
  async function relaunchHoldingTheApp(initScript?: () => void): Promise<{ page: Page; cspRefusals: string[]; servedLinks(): Promise<string[]>; release(): Promise<void>; close(): Promise<void> }> {
    const session = e2e.session;
    await session.host.stop("SIGTERM");
    await session.window.close();
    session.host = await startTestHost({ dataFolder: session.dataFolder, modelUrl: session.model.url, chooseFolder: session.workFolder });
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: "light" });
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    const cspRefusals: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspRefusals.push(message.text());
    });
    const held: Route[] = [];
    let released = false;
    await page.route(APP_CHUNK, (route) => (released ? route.continue() : void held.push(route)));
    const served = await page.goto(`${session.host.url}?transport=ws`, { waitUntil: "commit" });
    return {
      page,
      cspRefusals,
      // The page's links as the host served them, before the window's code touched them.
      servedLinks: async () => [...(await served!.text()).matchAll(/<link\b[^>]*>/g)].map((match) => match[0]),
      async release() {
        released = true;
        await Promise.all(held.map((route) => route.continue()));
      },
      close: () => context.close(),
    };
  }

  it("shows the open conversation at the first paint and carries out a click and typing made on it", { timeout: 180_000 }, async () => {
    e2e.session.model.control.script({ text: "Oslo in May is mild." });
    const oslo = await startConversation(win(), "Plan a trip to Oslo");
    await win().waitFor("run-ended", { id: oslo.id }, oslo.since);
    e2e.session.model.control.script({ text: "Dear team, this quarter we shipped branches." });
    const update = await startConversation(win(), "Draft the team update");
    await win().waitFor("run-ended", { id: update.id }, update.since);
    await win().waitFor("first-screen-kept", { conversationId: update.id, kept: true }, update.since);
    Object.assign(ids, { oslo: oslo.id, update: update.id });
    // The screen at rest as markup: no inline styles (the page's policy refuses them), nothing of this
    // session only (toasts, the announcer), the model chosen written down, the controls waiting for the app.
    const { html } = JSON.parse(fs.readFileSync(keptFile(), "utf8")) as { html: string };
    expect(html).toContain("Dear team, this quarter we shipped branches.");
    expect(html).not.toMatch(/ style="/);
    expect(html).not.toMatch(/class="toasts|data-testid="new-messages"|conversation__space/);
    expect(html).toMatch(/<option[^>]* selected/);
    expect(html).not.toContain("conversation-row__actions");
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Regenerate<\/button>/);

    const launch = await relaunchHoldingTheApp();
    const { page } = launch;
    try {
      // The app's code is held: all on screen is the page as served.
      const kept = page.locator("#root > .first-screen");
      await kept.waitFor({ state: "attached" });
      expect(await kept.getAttribute("aria-busy")).toBe("true");
      await expect.poll(() => page.locator(".first-screen .pane__title").textContent()).toBe("Draft the team update");
      expect(await page.locator(".first-screen .message--assistant").last().textContent()).toContain("Dear team, this quarter we shipped branches.");
      expect(await page.locator(`.first-screen .conversation-row[data-conversation-id="${ids.oslo}"]`).count()).toBe(1);
      // Painted with the app's styles (inside the page, allowed by their hash), not as bare markup.
      expect(await page.locator(".first-screen .sidebar").evaluate((el) => (globalThis as any).getComputedStyle(el).display)).not.toBe("inline");
      expect(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
      // The app's code was not preloaded beside that first paint: the page held it, the window asked for it after.
      // Only the entry's own imports were preloaded at once (the entry runs with them).
      const links = await launch.servedLinks();
      const appCode = links.filter((link) => link.includes(` ${APP_CODE_PRELOAD_ATTRIBUTE}`));
      expect(appCode.length).toBeGreaterThan(0);
      for (const link of appCode) expect(link).toContain(`rel="${HELD_PRELOAD_REL}"`);
      expect(links.filter((link) => link.includes(`rel="${HELD_PRELOAD_REL}"`))).toEqual(appCode);
      // What the app does not do yet cannot be pressed: a message's actions, the model choice.
      expect(await page.locator(".first-screen .message-actions button:not([disabled])").count()).toBe(0);
      expect(await page.locator(".first-screen select:not([disabled])").count()).toBe(0);
      fs.mkdirSync(SCREENSHOT_FOLDER, { recursive: true });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: path.join(SCREENSHOT_FOLDER, `first-screen-kept-${colorScheme}.png`) });
      }

      // The keyboard is in the message field at once, as in the live app.
      await expect.poll(() => page.evaluate(() => (globalThis as any).document.activeElement?.className)).toBe("composer__field");
      // The person does not wait: they choose the other conversation and start writing (once the entry listens).
      await page.waitForFunction(() => (globalThis as any).__alpineEvents?.some((e: any) => e.name === "first-screen-restored"));
      await page.locator(`.first-screen .conversation-row[data-conversation-id="${ids.oslo}"] .conversation-row__open`).click();
      expect(await page.locator(`.first-screen .conversation-row--active`).getAttribute("data-conversation-id")).toBe(ids.oslo);
      await page.locator(".first-screen textarea").fill("Also book a hotel");

      await launch.release();
      await page.waitForFunction((id) => (globalThis as any).__alpineEvents?.some((e: any) => e.name === "conversation-opened" && e.detail?.id === id), ids.oslo);
      expect(await page.locator(".first-screen").count()).toBe(0);
      expect(await page.locator(".pane__title").textContent()).toBe("Plan a trip to Oslo");
      await expect.poll(() => page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("Also book a hotel");
      const ready = await page.evaluate(() => (globalThis as any).__alpineEvents.find((e: any) => e.name === "ready").detail);
      expect(ready.reopened).toBe(ids.update);
      expect(launch.cspRefusals).toEqual([]);
    } finally {
      await launch.close();
    }
  });

  it("sends what was typed and entered on the kept screen once the app is live", { timeout: 180_000 }, async () => {
    e2e.session.model.control.script({ text: "A warm coat." });
    const launch = await relaunchHoldingTheApp();
    const { page } = launch;
    try {
      await page.locator("#root > .first-screen").waitFor({ state: "attached" });
      // The page's entry has found the kept screen and listens on it (a key pressed before it runs is the field's own).
      await page.waitForFunction(() => (globalThis as any).__alpineEvents?.some((e: any) => e.name === "first-screen-restored"));
      const shownId = await page.locator("#root > .first-screen").getAttribute("data-open-conversation-id");
      await page.locator(".first-screen textarea").fill("What should I pack?");
      await page.locator(".first-screen textarea").press("Enter");
      // Enter does not write a new line there: the words wait to be sent.
      expect(await page.locator(".first-screen textarea").inputValue()).toBe("What should I pack?");
      await launch.release();
      const sent = await page.waitForFunction(() => (globalThis as any).__alpineEvents?.find((e: any) => e.name === "message-sent")?.detail);
      expect((await sent.jsonValue()).id).toBe(shownId);
      await page.locator(".message--user").getByText("What should I pack?").waitFor();
      await page.locator(".message--assistant").getByText("A warm coat.").waitFor();
      expect(await page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("");
    } finally {
      await launch.close();
    }
  });

  it("makes the sidebar live first, the kept conversation staying on screen in every frame until its live list replaces it", { timeout: 180_000 }, async () => {
    await e2e.session.restartHost("SIGTERM");
    let since = await win().mark();
    await conversationRow(win(), ids.update).locator(".conversation-row__open").click();
    await win().waitFor("conversation-opened", { id: ids.update }, since);
    since = await win().mark();
    await win().waitFor("first-screen-kept", { conversationId: ids.update, kept: true }, since);

    const launch = await relaunchHoldingTheApp();
    const { page } = launch;
    try {
      await page.waitForFunction(() => (globalThis as any).__alpineEvents?.some((e: any) => e.name === "first-screen-restored"));
      // Watched in the page from before the app's code runs: every frame, and the moments the live sidebar and the live list are announced.
      await page.evaluate((text) => {
        const g = globalThis as any;
        const doc = g.document;
        const reply = () => [...doc.querySelectorAll(".message--assistant")].find((el: any) => el.textContent.includes(text));
        const onScreen = () => {
          const box = reply()?.getBoundingClientRect();
          return !!box && box.width > 0 && box.height > 0;
        };
        const probe = (g.__keptProbe = { frames: [] as boolean[], atSidebar: null as any, atOpened: null as any, done: false });
        const state = () => ({
          appLive: !!doc.querySelector("#root > .app"),
          keptScreen: !!doc.querySelector("#root > .first-screen"),
          keptRowsInLivePane: !!doc.querySelector("#root > .app .pane .first-screen .message--assistant"),
          liveList: !!doc.querySelector("#root > .app .pane .conversation__scroller:not(.first-screen .conversation__scroller)"),
          replyOnScreen: onScreen(),
        });
        g.addEventListener("alpine:list-rendered", () => (probe.atSidebar ??= state()));
        g.addEventListener("alpine:conversation-opened", () => {
          probe.atOpened ??= state();
          // Two more frames after the live list is announced.
          g.requestAnimationFrame(() => g.requestAnimationFrame(() => (probe.done = true)));
        });
        const frame = () => {
          if (probe.done) return;
          probe.frames.push(onScreen());
          g.requestAnimationFrame(frame);
        };
        g.requestAnimationFrame(frame);
      }, "Dear team, this quarter we shipped branches.");
      await launch.release();
      await page.waitForFunction(() => (globalThis as any).__keptProbe.done);
      const probe = await page.evaluate(() => (globalThis as any).__keptProbe);
      // The first render made the sidebar live and kept the conversation's rows in the live pane: its list was not rendered yet.
      expect(probe.atSidebar).toEqual({ appLive: true, keptScreen: false, keptRowsInLivePane: true, liveList: false, replyOnScreen: true });
      // The live list came in a later task, in their place.
      expect(probe.atOpened).toEqual({ appLive: true, keptScreen: false, keptRowsInLivePane: false, liveList: true, replyOnScreen: true });
      // Not one frame without the reply, from the kept screen to the live list.
      expect(probe.frames.length).toBeGreaterThan(2);
      expect(probe.frames.filter((shown: boolean) => !shown)).toEqual([]);
      expect(await page.locator(".first-screen").count()).toBe(0);
      const events: string[] = await page.evaluate(() => (globalThis as any).__alpineEvents.map((e: any) => e.name));
      expect(events.indexOf("list-rendered")).toBeLessThan(events.indexOf("conversation-opened"));
      expect(launch.cspRefusals).toEqual([]);
    } finally {
      await launch.close();
    }
  });

  it("connects to the host while the kept screen's first frame is made, so the first request leaves as the start begins", { timeout: 180_000 }, async () => {
    // Each socket's opening and first message, on the page's clock, recorded from before the page's own code runs.
    const launch = await relaunchHoldingTheApp(() => {
      const g = globalThis as any;
      const Native = g.WebSocket;
      const sockets: { createdAt: number; openAt: number | null; firstSendAt: number | null }[] = (g.__sockets = []);
      g.WebSocket = class extends Native {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols);
          const record = { createdAt: performance.now(), openAt: null as number | null, firstSendAt: null as number | null };
          sockets.push(record);
          this.addEventListener("open", () => (record.openAt = performance.now()), { once: true });
          const send = this.send.bind(this);
          this.send = (data: unknown) => {
            record.firstSendAt ??= performance.now();
            send(data);
          };
        }
      };
    });
    const { page } = launch;
    try {
      await page.waitForFunction(() => performance.getEntriesByName("alpine-start-after-first-frame").length > 0);
      const { start, sockets } = await page.evaluate(() => ({
        start: performance.getEntriesByName("alpine-start-after-first-frame")[0].startTime,
        sockets: (globalThis as any).__sockets,
      }));
      expect(sockets).toHaveLength(1);
      // Made before the start (with the kept screen shown); the start waits for the first frame, not for the socket.
      expect(sockets[0].createdAt).toBeLessThan(start);
      await page.waitForFunction(() => (globalThis as any).__sockets[0].firstSendAt !== null);
      const socket = await page.evaluate(() => (globalThis as any).__sockets[0]);
      expect(socket.openAt).not.toBeNull();
      expect(socket.firstSendAt).toBeGreaterThanOrEqual(Math.max(socket.openAt, start));
      await launch.release();
      await page.waitForFunction(() => (globalThis as any).__alpineEvents?.some((e: any) => e.name === "conversation-opened"));
    } finally {
      await launch.close();
    }
  });

  it("forgets the kept screen when a conversation is deleted, and keeps the next one without it", { timeout: 180_000 }, async () => {
    await e2e.session.restartHost("SIGTERM");
    let since = await win().mark();
    await win().waitFor("first-screen-kept", { kept: true }, since);
    expect(fs.readFileSync(keptFile(), "utf8")).toContain("Plan a trip to Oslo");

    // A search is not what the next launch shows: nothing is kept meanwhile.
    since = await win().mark();
    const search = win().page.getByRole("searchbox", { name: "Search conversations" });
    await search.fill("Oslo");
    await win().waitFor("first-screen-kept", { kept: false, reason: "searching" }, since);
    since = await win().mark();
    await search.fill("");
    await win().waitFor("list-rendered", { query: "" }, since);

    since = await win().mark();
    const row = conversationRow(win(), ids.oslo);
    await row.hover();
    await row.getByRole("button", { name: /^Delete/ }).click();
    await win().page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await win().waitFor("deleted", { id: ids.oslo }, since);
    // Gone from the disk when the deletion is answered, before any new screen is kept.
    const keptAfter = fs.existsSync(keptFile()) ? fs.readFileSync(keptFile(), "utf8") : "";
    expect(keptAfter).not.toContain("Plan a trip to Oslo");
    // The next screen kept after the deletion (one kept just before it, since removed, does not count).
    since = await win().mark();
    await win().waitFor("first-screen-kept", { kept: true }, since);
    expect(fs.readFileSync(keptFile(), "utf8")).not.toContain("Plan a trip to Oslo");
  });

  it("keeps of a long reply only what is near the view, measuring no block of a far group, each box as it was", { timeout: 180_000 }, async () => {
    const paragraphs = Array.from({ length: 2_000 }, (_, i) => `Paragraph ${i}, with a few *words* in it.`);
    // A ticked box far above the view and an open one at the end: a copy told the first one's state to the second.
    const text = ["- [x] First step done", ...paragraphs, "- [ ] Last step open"].join("\n\n");
    // Each box measured is counted: the browser skips laying out a group of blocks off screen, and measuring one of its blocks lays it out.
    await win().page.evaluate(() => {
      const page = globalThis as any;
      const measure = page.Element.prototype.getBoundingClientRect;
      page.__blocksMeasured = 0;
      page.Element.prototype.getBoundingClientRect = function (this: any) {
        if (this.classList.contains("markdown__block")) page.__blocksMeasured++;
        return measure.call(this);
      };
    });
    e2e.session.model.control.script({ text, chunks: 200, delayMs: 2 });
    const long = await startConversation(win(), "Write two thousand paragraphs");
    await win().waitFor("run-ended", { id: long.id }, long.since);
    await win().page.evaluate(() => ((globalThis as any).__blocksMeasured = 0));
    const kept = await win().waitFor("first-screen-kept", { conversationId: long.id, kept: true }, long.since);
    const { html } = JSON.parse(fs.readFileSync(keptFile(), "utf8")) as { html: string };
    expect(html.length).toBe(kept.detail.chars);
    expect(html).toContain("Paragraph 1999, with a few");
    expect(html).not.toContain("Paragraph 0, with a few");
    // The whole reply as markup is over 150 KB; what two views' height holds is a small part of it.
    expect(html.length).toBeLessThan(60_000);
    // 2,002 blocks in 126 groups: those of the groups near the view were measured, no other.
    const measured = await win().page.evaluate(() => (globalThis as any).__blocksMeasured as number);
    expect(measured).toBeGreaterThan(0);
    expect(measured).toBeLessThan(200);
    const box = (words: string) => html.match(new RegExp(`<input([^>]*)>\\s*${words}`))?.[1];
    expect(box("Last step open")).toMatch(/type="checkbox"/);
    expect(box("Last step open")).not.toMatch(/checked/);
    expect(html).not.toContain("First step done");

    // One code block of 3,000 lines: kept by its lines near the view too.
    const lines = Array.from({ length: 3_000 }, (_, i) => `const line${i} = await store.write(id, entries, snapshot);`);
    e2e.session.model.control.script({ text: ["```ts", ...lines, "```"].join("\n"), chunks: 200, delayMs: 2 });
    const code = await startConversation(win(), "Write three thousand lines of code");
    await win().waitFor("run-ended", { id: code.id }, code.since);
    await win().waitFor("first-screen-kept", { conversationId: code.id, kept: true }, code.since);
    const codeKept = (JSON.parse(fs.readFileSync(keptFile(), "utf8")) as { html: string }).html;
    expect(codeKept).toContain("const line2999 = ");
    expect(codeKept).not.toContain("const line0 = ");
    expect(codeKept.length).toBeLessThan(60_000);
  });

  it("shows no kept screen drawn by another build, nor a damaged one, and starts as usual", { timeout: 180_000 }, async () => {
    const kept = JSON.parse(fs.readFileSync(keptFile(), "utf8"));
    for (const replacement of [JSON.stringify({ ...kept, stylesheets: ["index-0ther.css"] }), "{ not json", JSON.stringify({ ...kept, version: 99 })]) {
      fs.writeFileSync(keptFile(), replacement);
      const launch = await relaunchHoldingTheApp();
      try {
        await launch.page.waitForFunction(() => (globalThis as any).document.readyState !== "loading");
        expect(await launch.page.locator(".first-screen").count()).toBe(0);
        await launch.release();
        await launch.page.waitForFunction(() => (globalThis as any).__alpineEvents?.some((e: any) => e.name === "ready"));
        expect(await launch.page.evaluate(() => (globalThis as any).__alpineEvents.some((e: any) => e.name === "first-screen-restored"))).toBe(false);
        expect(launch.cspRefusals).toEqual([]);
      } finally {
        await launch.close();
      }
    }
    // A newer Alpine's file is left as it was.
    expect(JSON.parse(fs.readFileSync(keptFile(), "utf8")).version).toBe(99);
    await e2e.session.restartHost("SIGTERM");
  });
});
