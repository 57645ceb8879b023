/**
 * Chromium driven by playwright-core, and the Alpine window in it. Tests wait for the
 * window's named app events (`window.__alpineEvents`), never for a time.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../support/chromium";
import { REPO_ROOT } from "./test-host";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export const SCREENSHOT_FOLDER = path.join(REPO_ROOT, "test-results/screenshots");

export interface LoggedEvent {
  index: number;
  name: string;
  detail: any;
}

/** `{ "event.type": "run_end" }`: each key is a dotted path into the event's detail. */
export type DetailMatch = Record<string, unknown>;

export class AppWindow {
  private constructor(readonly page: Page) {}

  /**
   * Opens the window served by the test host (`page`: another of its pages, such as quick-entry.html) and waits for `alpine:ready`.
   * `locale`: the browser's language (navigator.languages), e.g. "ja-JP"; Chromium's own otherwise.
   * `query`: more of the page's address, e.g. `language=en-XA` (the pseudo-locale).
   */
  static async open(browser: Browser, hostUrl: string, options: { colorScheme?: "light" | "dark"; page?: string; locale?: string; query?: string } = {}): Promise<AppWindow> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 820 },
      colorScheme: options.colorScheme ?? "light",
      ...(options.locale ? { locale: options.locale } : {}),
    });
    const page = await context.newPage();
    const window = new AppWindow(page);
    page.on("pageerror", (error) => window.pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") window.consoleErrors.push(message.text());
    });
    await page.goto(`${options.page ? `${hostUrl.replace(/\/$/, "")}/${options.page}` : hostUrl}?transport=ws${options.query ? `&${options.query}` : ""}`);
    await window.waitFor("ready");
    return window;
  }

  readonly pageErrors: string[] = [];
  readonly consoleErrors: string[] = [];

  /** The index the next app event will get: pass it as `since` to wait only for what follows. */
  async mark(): Promise<number> {
    return this.page.evaluate(() => {
      const log: LoggedEvent[] = (globalThis as any).__alpineEvents ?? [];
      return log.length ? log[log.length - 1].index + 1 : 0;
    });
  }

  /** Waits for the first app event `name` at or after `since` whose detail matches; returns it. */
  async waitFor(name: string, match: DetailMatch = {}, since = 0, timeoutMs = 20_000): Promise<LoggedEvent> {
    // Runs in the page. No named inner functions: the test transpiler would wrap them in a helper the page lacks.
    const handle = await this.page.waitForFunction(
      ({ name, match, since }) => {
        const log: LoggedEvent[] = (globalThis as any).__alpineEvents ?? [];
        for (const event of log) {
          if (event.index < since || event.name !== name) continue;
          let matches = true;
          for (const [dotted, want] of Object.entries(match)) {
            let value: any = event.detail;
            for (const key of dotted.split(".")) value = value == null ? undefined : value[key];
            if (JSON.stringify(value) !== JSON.stringify(want)) matches = false;
          }
          if (matches) return event;
        }
        return null;
      },
      { name, match, since },
      { timeout: timeoutMs, polling: 50 },
    );
    return (await handle.jsonValue()) as LoggedEvent;
  }

  /** Waits for a step event of the main process (as the window received it). */
  waitForStep(type: string, match: DetailMatch = {}, since = 0, timeoutMs?: number): Promise<LoggedEvent> {
    const prefixed = Object.fromEntries(Object.entries(match).map(([k, v]) => [`event.${k}`, v]));
    return this.waitFor("event", { type: "step", "event.type": type, ...prefixed }, since, timeoutMs);
  }

  async events(name?: string, since = 0): Promise<LoggedEvent[]> {
    return this.page.evaluate(
      ({ name, since }) => ((globalThis as any).__alpineEvents ?? []).filter((e: LoggedEvent) => e.index >= since && (!name || e.name === name)) as LoggedEvent[],
      { name, since },
    );
  }

  /** Saves `test-results/screenshots/<name>-<scheme>.png` in the light and the dark theme. */
  async screenshotBothThemes(name: string): Promise<string[]> {
    fs.mkdirSync(SCREENSHOT_FOLDER, { recursive: true });
    const files: string[] = [];
    for (const colorScheme of ["light", "dark"] as const) {
      await this.page.emulateMedia({ colorScheme });
      // The theme is CSS only: wait until the page has painted with it.
      await this.page.waitForFunction((scheme) => (globalThis as any).matchMedia(`(prefers-color-scheme: ${scheme})`).matches, colorScheme);
      await this.page.evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve))));
      const file = path.join(SCREENSHOT_FOLDER, `${name}-${colorScheme}.png`);
      await this.page.screenshot({ path: file, animations: "disabled" });
      files.push(file);
    }
    await this.page.emulateMedia({ colorScheme: "light" });
    return files;
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

