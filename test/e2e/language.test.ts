/**
 * The window in the person's language: a choice in Settings changes the views at once, without
 * a restart, and a relaunch keeps it; "System default" follows the browser's languages in the
 * test host; Arabic lays the window out mirrored with code left to right; a first screen kept in
 * one language is never shown after a switch to another.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useAlpineSession } from "./support/file-session";
import { AppWindow } from "./support/app-window";
import { startTestHost } from "./support/test-host";
import { startConversation } from "./support/window-actions";

const GERMAN_TITLE = "Woran wollen wir arbeiten?";
const JAPANESE_TITLE = "何に取り組みましょうか？";
const ENGLISH_TITLE = "What shall we work on?";

describe("the window's language", () => {
  const e2e = useAlpineSession({}, undefined, { noCspRefusals: true });
  const win = () => e2e.win;
  const page = () => e2e.page;
  const settingsFile = () => JSON.parse(fs.readFileSync(path.join(e2e.session.dataFolder, "settings.json"), "utf8")) as { language?: string };
  const keptFile = () => path.join(e2e.session.dataFolder, "first-screen.json");

  /** Settings → Language → `value` ("system" or a code); resolves once the window shows `shown`. */
  async function chooseLanguage(value: string, shown: string): Promise<number> {
    const since = await win().mark();
    if (!(await page().locator("#settings-language-choice").isVisible())) {
      // The sidebar's last button (its words change with the language): Settings.
      await page().locator(".sidebar__settings").last().click();
      await win().waitFor("settings-opened", {}, since);
    }
    await page().locator("#settings-language-choice").selectOption(value);
    await win().waitFor("settings-saved", { language: value }, since);
    await win().waitFor("language-changed", { language: shown }, since);
    return since;
  }

  async function closeSettings(): Promise<void> {
    const since = await win().mark();
    await page().keyboard.press("Escape");
    await win().waitFor("settings-closed", {}, since);
  }

  it("German chosen in Settings changes the views at once, and a relaunch keeps it", { timeout: 120_000 }, async () => {
    expect(await page().locator("html").getAttribute("lang")).toBe("en");
    await expect.poll(() => page().locator(".welcome__title").textContent()).toBe(ENGLISH_TITLE);
    await chooseLanguage("de", "de");
    // No reload: the same page, its words changed.
    expect(await page().locator("html").getAttribute("lang")).toBe("de");
    expect(await page().locator(".welcome__title").textContent()).toBe(GERMAN_TITLE);
    expect(await page().locator("#settings-language").textContent()).toBe("Sprache");
    expect(await page().locator('label[for="settings-language-choice"]').textContent()).toBe("Alpine anzeigen auf");
    expect(await page().locator('#settings-language-choice option[value="system"]').textContent()).toBe("Systemstandard (English)");
    expect(await page().locator('#settings-language-choice option[value="ja"]').textContent()).toBe("日本語");
    expect(settingsFile().language).toBe("de");
    await closeSettings();

    // A relaunch in a fresh browser profile (no hint kept): the setting decides.
    await e2e.session.restartHost("SIGTERM");
    expect(await page().locator("html").getAttribute("lang")).toBe("de");
    expect(await page().locator("html").getAttribute("dir")).toBe("ltr");
    expect(await page().locator(".welcome__title").textContent()).toBe(GERMAN_TITLE);
  });

  it("Arabic mirrors the window: dir=rtl, the sidebar on the right, code left to right", { timeout: 120_000 }, async () => {
    await chooseLanguage("system", "en");
    await closeSettings();
    // The code starts with an Arabic comment: its block reads right to left, the code inside still left to right.
    e2e.session.model.control.script({ text: "Here is the line:\n\n```js\n// الجواب\nconst answer = 42;\n```\n\nThat is all." });
    const { id, since } = await startConversation(win(), "Show me a line of code");
    await win().waitFor("run-ended", { id }, since);
    await chooseLanguage("ar", "ar");
    await closeSettings();
    expect(await page().locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page().locator("html").getAttribute("lang")).toBe("ar");
    const sidebar = (await page().locator(".sidebar").boundingBox())!;
    const pane = (await page().locator("main.pane").boundingBox())!;
    expect(sidebar.x).toBeGreaterThanOrEqual(pane.x + pane.width - 1);
    const pre = page().locator(".markdown pre").first();
    await expect.poll(() => pre.textContent()).toContain("const answer = 42;");
    // Code anywhere in the mirrored window (a tool's output, a path in a sentence) reads left to right too.
    const probed = await page().evaluate(() => {
      const doc = (globalThis as any).document;
      const pane = doc.querySelector("main.pane");
      const found: Record<string, string> = { pane: (globalThis as any).getComputedStyle(pane).direction };
      for (const tag of ["pre", "code"]) {
        const probe = doc.createElement(tag);
        pane.append(probe);
        found[tag] = (globalThis as any).getComputedStyle(probe).direction;
        probe.remove();
      }
      return found;
    });
    expect(probed).toEqual({ pane: "rtl", pre: "ltr", code: "ltr" });
    expect(await pre.evaluate((element) => (globalThis as any).getComputedStyle(element).direction)).toBe("ltr");
    // The model's Latin words read left to right inside the mirrored window.
    const block = page().locator(".markdown__block", { hasText: "That is all." });
    expect(await block.evaluate((element) => (globalThis as any).getComputedStyle(element).direction)).toBe("ltr");
    await chooseLanguage("system", "en");
    await closeSettings();
    expect(await page().locator("html").getAttribute("dir")).toBe("ltr");
  });

  it("'System default' follows the browser's languages: a Japanese browser starts in Japanese", { timeout: 60_000 }, async () => {
    expect(settingsFile().language).toBe("system");
    const japanese = await AppWindow.open(e2e.session.browser, e2e.session.host.url, { locale: "ja-JP" });
    try {
      expect(await japanese.page.evaluate(() => navigator.languages)).toEqual(["ja-JP"]);
      expect(await japanese.page.locator("html").getAttribute("lang")).toBe("ja");
      await japanese.page.locator("[data-first-screen=new-conversation]").click();
      await expect.poll(() => japanese.page.locator(".welcome__title").textContent()).toBe(JAPANESE_TITLE);
      expect(japanese.pageErrors).toEqual([]);
    } finally {
      await japanese.close();
    }
  });

  it("a first screen kept in English is not shown after a switch to Japanese and a relaunch", { timeout: 120_000 }, async () => {
    const hostPort = () => Number(new URL(e2e.session.host.url).port);
    /** Quits and starts the host again on the same address: the same browser profile, as the app's own. */
    async function relaunchInThisProfile(): Promise<{ servedPage: string }> {
      const port = hostPort();
      await e2e.session.host.stop("SIGTERM");
      e2e.session.host = await startTestHost({ dataFolder: e2e.session.dataFolder, modelUrl: e2e.session.model.url, chooseFolder: e2e.session.workFolder, port });
      const response = await page().goto(`${e2e.session.host.url}?transport=ws`);
      const servedPage = (await response!.text()) ?? "";
      await win().waitFor("ready");
      return { servedPage };
    }

    // The welcome page, kept in English.
    const since = await win().mark();
    await page().locator("[data-first-screen=new-conversation]").click();
    await win().waitFor("first-screen-kept", { conversationId: null, kept: true }, since, 30_000);
    const before = JSON.parse(fs.readFileSync(keptFile(), "utf8")) as { language?: string };
    expect(before.language).toBe("en");

    const switched = await chooseLanguage("ja", "ja");
    // Forgotten as soon as the setting changed (a quit now shows no English screen); kept again in Japanese.
    expect(fs.existsSync(keptFile())).toBe(false);
    await closeSettings();
    await win().waitFor("first-screen-kept", { kept: true }, switched, 30_000);
    const kept = JSON.parse(fs.readFileSync(keptFile(), "utf8")) as { language: string; html: string };
    expect(kept.language).toBe("ja");
    expect(kept.html).not.toContain(ENGLISH_TITLE);

    const { servedPage } = await relaunchInThisProfile();
    expect(servedPage).toContain('data-language="ja"');
    expect(servedPage).toContain('<html lang="ja" dir="ltr">');
    expect(servedPage).not.toContain(ENGLISH_TITLE);
    expect((await win().events("first-screen-restored")).map((event) => event.detail.language)).toEqual(["ja"]);
    expect(await page().locator(".welcome__title").textContent()).toBe(JAPANESE_TITLE);

    // A screen kept in English (before the switch reached the file) is taken out, never used.
    fs.writeFileSync(keptFile(), JSON.stringify({ ...kept, language: "en" }));
    await relaunchInThisProfile();
    expect(await win().events("first-screen-restored")).toEqual([]);
    expect((await win().events("first-screen-dropped")).map((event) => event.detail)).toEqual([{ language: "en", shown: "ja" }]);
    expect(await page().locator("html").getAttribute("lang")).toBe("ja");
  });
});
