/**
 * One end-to-end session: a scripted model server, the test host (the real service on a
 * temporary data folder), Chromium, and the Alpine window in it. The host can be stopped
 * with any signal and started again on the same data folder, like an app relaunch.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startModelServerProcess, type ModelServerProcess } from "../../support/model-server-process";
import { AppWindow, launchChromium } from "./app-window";
import { startTestHost, type TestHost } from "./test-host";

export interface SessionOptions {
  noKey?: boolean;
  /** Runs before the first host starts, with the data folder (e.g. to seed conversations). */
  prepare?(dataFolder: string): Promise<void> | void;
  /** Offer the model `slow_lookup` too; its starts are recorded in `slowToolMarker`. */
  slowTool?: boolean;
  /** Folders between the session's root and its data folder (a long path, say). */
  dataFolderParents?: string[];
}

export class AlpineSession {
  private constructor(
    readonly root: string,
    readonly dataFolder: string,
    /** The folder `settings:chooseFolder` answers with: the file tools work here. */
    readonly workFolder: string,
    readonly model: ModelServerProcess,
    readonly browser: Browser,
    public host: TestHost,
    public window: AppWindow,
    /** With `slowTool`: the file `slow_lookup` appends a line to each time a call starts. */
    readonly slowToolMarker: string | undefined,
  ) {}

  static async start(options: SessionOptions = {}): Promise<AlpineSession> {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
    const dataFolder = path.join(root, ...(options.dataFolderParents ?? []), "data");
    const workFolder = path.join(root, "work");
    fs.mkdirSync(workFolder);
    fs.writeFileSync(path.join(workFolder, "notes.md"), "# Notes\n\nBuy milk.\nCall Ada about the trip to Oslo.\n");
    fs.writeFileSync(path.join(workFolder, "todo.txt"), "water the plants\n");
    await options.prepare?.(dataFolder);
    const slowToolMarker = options.slowTool ? path.join(root, "slow-lookup-starts.jsonl") : undefined;
    const [model, browser] = await Promise.all([startModelServerProcess(), launchChromium()]);
    const host = await startTestHost({ dataFolder, modelUrl: model.url, noKey: options.noKey, chooseFolder: workFolder, slowToolMarker });
    const window = await AppWindow.open(browser, host.url);
    return new AlpineSession(root, dataFolder, workFolder, model, browser, host, window, slowToolMarker);
  }

  /**
   * Stops the host with `signal` (SIGKILL: a crash; SIGTERM: a clean quit), starts it
   * again on the same data folder and opens a fresh window, like relaunching the app.
   */
  async restartHost(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const exit = await this.host.stop(signal);
    await this.window.close();
    this.closedWindowsConsoleErrors.push(...this.window.consoleErrors);
    this.host = await startTestHost({
      dataFolder: this.dataFolder,
      modelUrl: this.model.url,
      chooseFolder: this.workFolder,
      slowToolMarker: this.slowToolMarker,
    });
    this.window = await AppWindow.open(this.browser, this.host.url);
    return exit;
  }

  /** What the windows closed at each restart logged as errors in their console. */
  readonly closedWindowsConsoleErrors: string[] = [];

  async close(): Promise<void> {
    await this.browser.close().catch(() => {});
    await this.host.stop("SIGTERM");
    await this.model.stop();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
