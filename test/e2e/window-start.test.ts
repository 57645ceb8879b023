/**
 * How the window starts: its first request is the first screen (`app:launch`), sent before the
 * app's code has loaded, and what the first screen does not show is asked after it is shown; the
 * code highlighter is not part of the first screen's code, yet the reopened conversation's code
 * comes out highlighted, in the box it had as plain text; the sidebar's times, the reply's
 * Markdown and the usage totals are there as before. The first screen is rendered in the same turn
 * as its data is taken in; the sidebar's time formatters are made while the app's code loads.
 */
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { conversationRow, startConversation } from "./support/window-actions";
import { pageScripts } from "./support/page-scripts";

const REPLY = ["## Tide table", "Some **bold** words.", "```ts\nconst tide: number = 42; // metres\nexport function high() {\n  return tide;\n}\n```", "The end."].join("\n\n");

/** Runs in the page before its scripts: what was loaded when the window said it was ready, the code block when the conversation was first shown. */
const START_RECORDER = String.raw`
  window.__start = { timeFormatterMade: null };
  // When the first time formatter is made: the costly one (its language data is read in).
  const RelativeTimeFormat = Intl.RelativeTimeFormat;
  Intl.RelativeTimeFormat = function (...args) {
    window.__start.timeFormatterMade ??= window.__start.readyAt === undefined ? "before ready" : "after ready";
    return new RelativeTimeFormat(...args);
  };
  addEventListener("alpine:ready", () => {
    window.__start.readyAt = performance.now();
    window.__start.resourcesAtReady = performance.getEntriesByType("resource").map((r) => r.name);
    // Once the code that announced ready has run to its end (a microtask waits for it), no task later.
    queueMicrotask(() => {
      window.__start.sidebarRowsWithReady = document.querySelectorAll(".sidebar [role=listitem]").length;
      window.__start.messageRowsWithReady = document.querySelectorAll(".conversation__row").length;
    });
  });
  addEventListener("alpine:conversation-opened", () => {
    const code = document.querySelector(".message--assistant .code-block pre");
    window.__start.firstCode = code ? { height: code.getBoundingClientRect().height, text: code.textContent } : null;
  });
`;

describe("the window's start", () => {
  // The file also fails when the page's content security policy refused anything (no inline style or script).
  const e2e = useAlpineSession({}, undefined, { noCspRefusals: true });
  const win = () => e2e.win;
  const page = () => e2e.page;

  it("asks for the first screen first and highlights the reopened conversation's code once its chunk is in", { timeout: 180_000 }, async () => {
    e2e.session.model.control.script({ text: REPLY });
    const { id, since } = await startConversation(win(), "Tides in Oslo?");
    await win().waitFor("run-ended", { id }, since);
    await win().waitFor("open-remembered", { id }, since);

    // A relaunch of the window: the same host, a fresh page.
    await page().addInitScript({ content: START_RECORDER });
    const sent: string[] = [];
    page().on("websocket", (socket) => socket.on("framesent", (frame) => sent.push(String(frame.payload))));
    await page().reload();
    expect((await win().waitFor("ready")).detail.reopened).toBe(id);
    await win().waitFor("conversation-opened", { id });

    // The first thing the window asked: the first screen.
    expect(JSON.parse(sent[0])).toMatchObject({ kind: "request", channel: "app:launch" });
    const start = (await page().evaluate("window.__start")) as {
      resourcesAtReady: string[];
      firstCode: { height: number; text: string } | null;
      sidebarRowsWithReady: number;
      messageRowsWithReady: number;
      timeFormatterMade: string | null;
    };
    // The first screen is rendered with its data, in the same turn, not in a task of React's scheduler
    // later: the app chunk renders it while it runs, so the chunk's code cache holds the first render's code.
    expect(start.sidebarRowsWithReady).toBeGreaterThan(0);
    expect(start.messageRowsWithReady).toBeGreaterThan(0);
    const scripts = start.resourcesAtReady.filter((name) => name.endsWith(".js"));
    expect(scripts.some((name) => /start-app/.test(name))).toBe(true);
    expect(scripts.filter((name) => /highlight/.test(name))).toEqual([]);
    // Every chunk the app chunk imports is named by the page as served (a preload, held or not, or its
    // script), so it is asked for beside the app chunk, not once the app chunk has been read.
    const appCode = await pageScripts(page(), page().url(), String.raw`/start-app-[^/]*\.js$`);
    expect(appCode.entry).not.toBeNull();
    expect(appCode.imported.length).toBeGreaterThan(0);
    for (const chunk of appCode.imported) expect(appCode.named).toContain(chunk);

    // The reopened reply: Markdown rendered, its code highlighted with class names, the box unchanged.
    const answer = page().locator(".message--assistant").last();
    expect(await answer.locator("h4.markdown__h2").textContent()).toBe("Tide table");
    expect(await answer.locator("strong").textContent()).toBe("bold");
    const code = answer.locator(".code-block pre");
    await code.locator(".hljs-keyword").first().waitFor();
    expect(await code.locator(".hljs-keyword").first().textContent()).toBe("const");
    expect(start.firstCode).not.toBeNull();
    expect(await code.textContent()).toBe(start.firstCode!.text);
    expect((await code.boundingBox())!.height).toBe(start.firstCode!.height);
    expect(await answer.locator("[style]").count()).toBe(0);

    // What the first screen does not show is asked once it is shown: the usage totals (they sum
    // the whole history), the interrupted runs, the tools, the models, prices, storage status and
    // database check. The totals and the cost still come.
    await page().locator("[data-usage-total]").getByText(/\$\d/).waitFor();
    const channels = sent.map((frame) => (JSON.parse(frame) as { channel?: string }).channel);
    const shown = channels.indexOf("app:shown");
    expect(shown).toBeGreaterThan(0);
    const later = ["conversations:usage", "conversations:interrupted", "tools:get", "models:groups", "prices:get", "storage:get", "database:health"];
    for (const channel of later) expect({ channel, at: channels.indexOf(channel) }).toEqual({ channel, at: expect.toSatisfy((at: number) => at > shown) });

    // The sidebar's time, in the browser's language; its formatters made while the app's code loaded, not by the first render.
    expect(await conversationRow(win(), id).locator("time").textContent()).toMatch(/now|sec|min/);
    expect(start.timeFormatterMade).toBe("before ready");
  });
});
