/**
 * The built Alpine app launched in the real Electron binary by Playwright, on a user-data
 * folder of the test's own and with the model pointed at the scripted model server. The window
 * is driven like a person would (typing, clicking) and watched through its named app events
 * (`window.__alpineEvents`), never through timers.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { _electron, type ElectronApplication, type Page } from "playwright-core";

export interface LaunchOptions {
  binary: string;
  /** The project folder: Electron reads package.json there and starts its `main`; null for a packaged app, which starts its own. */
  appFolder: string | null;
  userData: string;
  modelUrl: string;
  /** More environment for the app (e.g. what a packaged Linux updater checks). */
  env?: Record<string, string>;
}

export interface LoggedEvent {
  index: number;
  name: string;
  detail: any;
}

/**
 * A detail match: each key is a dotted path into the event's detail; the value must equal it,
 * or with `{ includes: x }`, be an array holding x.
 */
export type DetailMatch = Record<string, unknown>;

const isWindows = process.platform === "win32";

export class ElectronApp {
  private constructor(
    readonly app: ElectronApplication,
    readonly window: Page,
    /** Everything the main process printed, for the failure message when something goes wrong. */
    readonly output: string[],
  ) {}

  static async launch(options: LaunchOptions): Promise<ElectronApp> {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
    delete env.ELECTRON_RUN_AS_NODE;
    Object.assign(env, {
      // The app's data folder for this test; the switch below says the same to Chromium itself.
      ALPINE_USER_DATA: options.userData,
      // The SDK reads these when the app gives it no other base URL or key.
      ANTHROPIC_BASE_URL: options.modelUrl,
      ANTHROPIC_API_KEY: "test-key",
      // The window keeps its log of app events only when started for automated checks.
      ALPINE_EVENT_LOG: "on",
      ...options.env,
    });
    const app = await _electron.launch({
      executablePath: options.binary,
      args: [
        ...(options.appFolder ? [options.appFolder] : []),
        `--user-data-dir=${options.userData}`,
        // Keep safeStorage off the desktop's real keyring or keychain (what Playwright uses for Chromium too).
        ...(process.platform === "linux" ? ["--password-store=basic"] : []),
        ...(process.platform === "darwin" ? ["--use-mock-keychain"] : []),
      ],
      cwd: options.appFolder ?? options.userData,
      env,
      timeout: 60_000,
    });
    const output: string[] = [];
    for (const stream of [app.process().stdout, app.process().stderr]) {
      stream?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    }
    try {
      const launched = new ElectronApp(app, await app.firstWindow({ timeout: 60_000 }), output);
      await launched.waitFor("ready");
      return launched;
    } catch (error) {
      // A window that never became ready: end the app this call started and say what it printed.
      endProcess(app);
      throw appendOutput(error, output);
    }
  }

  /** Runs a test's step; a failure says what the main process printed. */
  async withAppOutput<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      throw appendOutput(error, this.output);
    }
  }

  /** A call through the window's own IPC bridge (`window.alpine`), exactly as the window makes it. */
  request<T = any>(channel: string, args: object): Promise<T> {
    return this.window.evaluate(
      ({ channel, args }) => (globalThis as unknown as { alpine: { request(c: string, a: object): Promise<unknown> } }).alpine.request(channel, args),
      { channel, args },
    ) as Promise<T>;
  }

  /** The index the next app event will get: pass it as `since` to wait only for what follows. */
  mark(): Promise<number> {
    return this.window.evaluate(() => {
      const log = (globalThis as unknown as { __alpineEvents?: LoggedEvent[] }).__alpineEvents ?? [];
      return log.length ? log[log.length - 1].index + 1 : 0;
    });
  }

  /** Waits for the first app event `name` at or after `since` whose detail matches; returns it. */
  async waitFor(name: string, match: DetailMatch = {}, since = 0, timeoutMs = 30_000): Promise<LoggedEvent> {
    const handle = await this.window.waitForFunction(
      ({ name, match, since }) => {
        const read = (value: any, dotted: string) => dotted.split(".").reduce((v, key) => (v == null ? undefined : v[key]), value);
        const fits = (actual: any, want: any) =>
          want && typeof want === "object" && "includes" in want
            ? Array.isArray(actual) && actual.some((item) => JSON.stringify(item) === JSON.stringify(want.includes))
            : JSON.stringify(actual) === JSON.stringify(want);
        const log = (globalThis as unknown as { __alpineEvents?: LoggedEvent[] }).__alpineEvents ?? [];
        return log.find((e) => e.index >= since && e.name === name && Object.entries(match).every(([key, want]) => fits(read(e.detail, key), want))) ?? null;
      },
      { name, match, since },
      { timeout: timeoutMs, polling: 50 },
    );
    return (await handle.jsonValue()) as LoggedEvent;
  }

  /** The step events of one conversation the window received since `since`, of one type. */
  async steps(conversationId: string, type: string, since = 0): Promise<any[]> {
    return this.window.evaluate(
      ({ conversationId, type, since }) =>
        ((globalThis as unknown as { __alpineEvents?: LoggedEvent[] }).__alpineEvents ?? [])
          .filter((e) => e.index >= since && e.name === "event" && e.detail?.type === "step" && e.detail.conversationId === conversationId && e.detail.event?.type === type)
          .map((e) => e.detail.event),
      { conversationId, type, since },
    );
  }

  /** Types a message in the composer and sends it with Enter, as a person does. */
  async send(text: string): Promise<void> {
    const composer = this.window.getByRole("textbox", { name: "Message" });
    await composer.fill(text);
    await composer.press("Enter");
  }

  async screenshot(folder: string, name: string): Promise<void> {
    mkdirSync(folder, { recursive: true });
    await this.window.screenshot({ path: path.join(folder, `${name}.png`) });
  }

  /**
   * Quits the app the way the person's Quit does (Playwright calls `app.quit()` in the main
   * process) and waits for the process to end; returns its exit code.
   */
  async quit(): Promise<number | null> {
    const child = this.app.process();
    const exited = new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once("exit", (code) => resolve(code));
    });
    await this.app.close();
    return exited;
  }

  /** After a failure: end the process this test started, by its pid. */
  kill(): void {
    endProcess(this.app);
  }
}

/**
 * A test file's app, one at a time: each launch with the file's options, and the one still
 * running remembered so that afterAll can end it after a failure.
 */
export class AppSession {
  /** The app launched and not yet quit. */
  current: ElectronApp | null = null;

  constructor(private readonly options: () => LaunchOptions) {}

  async launch(): Promise<ElectronApp> {
    this.current = await ElectronApp.launch(this.options());
    return this.current;
  }

  /** Quits `app` as the person does; its exit code. */
  async quit(app: ElectronApp): Promise<number | null> {
    const code = await app.quit();
    this.current = null;
    return code;
  }

  /** After a failure: end the app still running, if any. */
  kill(): void {
    this.current?.kill();
  }
}

function appendOutput(error: unknown, output: string[]): unknown {
  if (error instanceof Error) error.message += `\n--- the app printed ---\n${output.join("").slice(-6000)}`;
  return error;
}

function endProcess(app: ElectronApplication): void {
  const child = app.process();
  if (child.exitCode !== null || child.pid === undefined) return;
  // On Windows Playwright starts Electron through a shell; end the shell and what it started.
  if (isWindows) spawnSync("taskkill", ["/pid", String(child.pid), "/T", "/F"]);
  else process.kill(child.pid, "SIGKILL");
}
