/**
 * In Chromium through the test host: an image and a PDF attached in the window reach the
 * model as base64 blocks with their media types; the same image twice is stored once;
 * breakpoints sit where the design says; usage and cost are shown; a PDF opens inside the
 * app (Chromium's viewer, in a frame of its own attachment URL); thinking blocks with
 * their signatures go back exactly after a kill and relaunch.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { signThinking } from "../support/model-server-thinking";
import { withoutCacheControl } from "../support/model-server-cache";
import { useAlpineSession } from "./support/file-session";
import { pdfPaint } from "./support/pdf-paint";
import { chooseWorkFolder, conversationRow, sendMessage, reopenConversation } from "./support/window-actions";

const fixtures = fileURLToPath(new URL("../fixtures/attachments/", import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);
const base64 = (name: string) => fs.readFileSync(fixture(name)).toString("base64");

describe("attachments, caching, usage and thinking in the window", () => {
  const win = () => e2e.win;
  const page = () => e2e.page;

  const e2e = useAlpineSession();
  beforeAll(async () => {
    await chooseWorkFolder(e2e.win);
  });

  async function attach(...names: string[]) {
    const since = await win().mark();
    await page().locator("[data-testid=attach-input]").setInputFiles(names.map(fixture));
    for (const name of names) await win().waitFor("attachment-added", { name }, since);
  }

  /** Opening the sent PDF shows its pages in a frame of the app's own attachment URL; the CSP refuses any other frame. */
  async function expectPdfShownInApp() {
    await page().locator(".message--user .attachment-chip[data-kind=pdf] .attachment-chip__open").first().click();
    const frame = page().locator("dialog.attachment-viewer iframe.attachment-viewer__pdf");
    const src = await frame.getAttribute("src");
    expect(src).toMatch(/^\/attachments\/[0-9a-f]{64}$/);
    const served = await page().evaluate(async (url) => {
      const response = await fetch(url);
      return { type: response.headers.get("content-type"), bytes: Array.from(new Uint8Array(await response.arrayBuffer())) };
    }, src!);
    expect(served.type).toBe("application/pdf");
    expect(Buffer.from(served.bytes).equals(fs.readFileSync(fixture("one-page.pdf")))).toBe(true);
    // The frame did load the attachment (not an error page): its navigation may still be under way.
    const content = await (await frame.elementHandle())!.contentFrame();
    expect(content).toBeTruthy();
    await content!.waitForURL(new URL(src!, page().url()).href);
    // And Chromium's PDF viewer painted the page: its backdrop, the white page, the page's text on it.
    await expect
      .poll(async () => pdfPaint(await frame.screenshot({ animations: "disabled", path: "test-results/screenshots/pdf-viewer.png" })), { timeout: 30_000, interval: 250 })
      .toEqual({ backdrop: expect.toSatisfy((share: number) => share > 0.2), pageRows: expect.toSatisfy((rows: number) => rows > 50), ink: expect.toSatisfy((marks: number) => marks > 20) });
    const refused = await page().evaluate(
      (others) => {
        const document = (globalThis as any).document;
        return Promise.all(
          others.map(
            (url) =>
              new Promise<string>((resolve) => {
                const onViolation = (event: any) => {
                  if (!event.blockedURI || !url.startsWith(event.blockedURI)) return;
                  document.removeEventListener("securitypolicyviolation", onViolation);
                  frame.remove();
                  resolve(event.effectiveDirective);
                };
                document.addEventListener("securitypolicyviolation", onViolation);
                const frame = document.createElement("iframe");
                frame.src = url;
                document.body.append(frame);
              }),
          ),
        );
      },
      [new URL("/index.html", page().url()).href, "https://example.com/a.pdf"],
    );
    expect(refused).toEqual(["frame-src", "frame-src"]);
    await page().locator("dialog.attachment-viewer").getByRole("button", { name: "Close" }).click();
  }

  it("an image and a PDF reach the model as base64 blocks; the same image twice is stored once; breakpoints, usage and cost", async () => {
    await e2e.session.model.control.script({ text: "A gradient and one page." }, { text: "The same gradient again." });
    await page().getByRole("button", { name: "New conversation" }).click();
    await attach("gradient.png", "one-page.pdf");
    const thumb = page().locator(".composer .attachment-chip__thumb");
    await thumb.waitFor();
    expect(await thumb.evaluate((img: any) => img.decode().then(() => img.naturalWidth))).toBe(16);
    const since = await sendMessage(win(), "What are these?");
    const started = await win().waitFor("message-sent", { kind: "start" }, since);
    const id = started.detail.id as string;
    await win().waitForStep("run_end", {}, since);

    const [first] = await e2e.session.model.control.requests(1);
    const content = withoutCacheControl(first.body.messages[0].content);
    expect(content[0]).toEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: base64("gradient.png") } });
    expect(content[1]).toMatchObject({ type: "document", source: { type: "base64", media_type: "application/pdf", data: base64("one-page.pdf") } });
    expect(first.cacheBreakpoints!.map((b) => b.path)).toEqual(["system.0", "messages.0.content.2"]);

    // Usage on the reply and the conversation's total, with an estimated cost.
    const usage = page().locator(".usage-line").first();
    await usage.waitFor();
    expect(await usage.textContent()).toMatch(/\d+ in · \d+ out.*\$\d/);
    await page().locator("[data-usage-total]").getByText(/\$\d/).waitFor();
    // The sent message shows its chips; opening the image shows it inside the app.
    const sentChip = page().locator(".message--user .attachment-chip[data-kind=image] .attachment-chip__open").first();
    await sentChip.click();
    const viewed = page().locator("dialog.attachment-viewer img");
    expect(await viewed.evaluate((img: any) => img.decode().then(() => img.naturalHeight))).toBe(16);
    await page().locator("dialog.attachment-viewer").getByRole("button", { name: "Close" }).click();
    await expectPdfShownInApp();

    await attach("gradient.png");
    const again = await sendMessage(win(), "And now?");
    await win().waitForStep("run_end", {}, again);
    const requests = await e2e.session.model.control.requests(2);
    expect(requests[1].cacheUsage!.cache_read_input_tokens).toBeGreaterThan(0);
    // The next step: system, the previous request's end (read from the cache), this request's end.
    expect(requests[1].cacheBreakpoints!.map((b) => b.path)).toEqual(["system.0", "messages.0.content.2", "messages.2.content.1"]);
    const files = fs.readdirSync(path.join(e2e.session.dataFolder, "attachments", "files"));
    expect(files).toHaveLength(2);
    expect(await conversationRow(win(), id).count()).toBe(1);
  });

  it("thinking with its signature goes back exactly after a kill and relaunch, and shows collapsed", async () => {
    await e2e.session.model.control.reset();
    await page().getByRole("button", { name: "New conversation" }).click();
    await e2e.session.model.control.script({ text: "Hello." });
    const since = await sendMessage(win(), "Let us write a file");
    const id = (await win().waitFor("message-sent", { kind: "start" }, since)).detail.id as string;
    await win().waitForStep("run_end", {}, since);

    const chosen = await win().mark();
    await page().getByRole("combobox", { name: "Extended thinking" }).selectOption({ label: "Think: 2k tokens" });
    await win().waitFor("options-changed", { id }, chosen);
    const thought = "The person wants a file. I will write it.";
    await e2e.session.model.control.script({ thinking: thought, redactedThinking: "hidden", toolUses: [{ name: "write_file", input: { path: "plan.txt", content: "plan\n" } }] });
    const asked = await sendMessage(win(), "Write plan.txt please");
    await win().waitFor("ask-shown", { id }, asked);
    await win().waitForStep("run_end", { stoppedBy: "ask" }, asked);

    await e2e.session.restartHost("SIGKILL");
    await win().waitFor("list-rendered");
    await reopenConversation(win(), id);
    await page().locator("details.thinking summary").getByText(/Thought for \d+ s/).waitFor();

    await e2e.session.model.control.script({ thinking: "It is written.", text: "Written." });
    const allowed = await win().mark();
    await page().getByRole("button", { name: "Allow" }).click();
    await win().waitForStep("run_end", {}, allowed);
    const requests = await e2e.session.model.control.requests();
    const last = requests.at(-1)!;
    expect(last.body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    const turn = withoutCacheControl(last.body.messages.at(-2));
    expect(turn.content[0]).toEqual({ type: "thinking", thinking: thought, signature: signThinking(thought) });
    expect(turn.content[1].type).toBe("redacted_thinking");
    expect(fs.readFileSync(path.join(e2e.session.workFolder, "plan.txt"), "utf8")).toBe("plan\n");
  });
});
