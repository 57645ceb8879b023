/**
 * The page a launch is timed in: a new Chromium process on a profile, driven over its DevTools
 * pipe without the Runtime domain, as the app's window runs with no DevTools attached.
 *
 * Not through Playwright: it enables the Runtime domain on every page it drives, and with Runtime
 * on, V8 records a stack trace with source positions for every Error made. React DOM makes three
 * as its module is evaluated, so V8 parsed the whole app chunk (524 KB) a second time at every
 * launch: the chunk's evaluation took 33-50 ms, 10-17 ms without (interleaved, 12 launches each:
 * the live sidebar interactive 18 ms later with Runtime on). The app never pays that.
 */
import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { chromiumPath } from "../../test/support/chromium";
import { untilChromiumIsQuiet } from "./chromium-quiet";
import { DevToolsPipe } from "./devtools-pipe";

export interface BenchPage {
  /** Runs `script` in each new document of the page, before the page's own scripts. */
  addInitScript(script: string): Promise<void>;
  /** Navigates to `url`; resolves once the new document is there (it may still be loading). */
  goto(url: string): Promise<void>;
  /** The value of `expression` in the page (awaited if it is a promise), as JSON carries it. */
  evaluate<T = unknown>(expression: string): Promise<T>;
  /** A trace of what the browser does during `work`, with these categories, as Chromium's JSON. */
  trace<T>(categories: string[], work: () => Promise<T>): Promise<{ result: T; trace: string }>;
}

/** What a launch runs in: a page made before the host starts, and how to close it. */
export interface LaunchPage {
  page: BenchPage;
  close(): Promise<void>;
}

const VIEWPORT = { width: 1280, height: 800 };
const CLOSE_WAIT_MS = 10_000;

/** A number JSON cannot hold, named in its place (in the page), and read back here. */
const NON_FINITE = "__nonFiniteNumber";
const NON_FINITE_OUT = `(key, value) => (typeof value === "number" && !Number.isFinite(value) ? { ${NON_FINITE}: String(value) } : value)`;
const nonFiniteIn = (_key: string, value: unknown) => (value !== null && typeof value === "object" && NON_FINITE in value ? Number((value as Record<string, string>)[NON_FINITE]) : value);

export class PageScriptError extends Error {
  override name = "PageScriptError";
}

/**
 * A new browser process on the profile in `folder`, with one page, let finish starting (a launch is timed from then on).
 * `settle: false` skips waiting for the browser to go quiet (up to 3 s): for the quick run, whose figures are only indicative.
 */
export async function launchOnProfile(folder: string, args: string[], { settle = true }: { settle?: boolean } = {}): Promise<LaunchPage> {
  const browser = spawn(chromiumPath(), [...args, "--remote-debugging-pipe", `--user-data-dir=${folder}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  let stderr = "";
  browser.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4_000)));
  const exited = new Promise<void>((resolve) => browser.once("exit", () => resolve()));
  const pipe = new DevToolsPipe(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
  const notStarted = new Promise<never>((_, reject) => browser.once("error", reject));
  notStarted.catch(() => undefined);
  try {
    const sessionId = await Promise.race([attachToPage(pipe), notStarted]);
    // The Page domain only: its scripts for new documents and its navigation events need it; unlike Runtime, it costs the page nothing.
    await pipe.send("Page.enable", {}, sessionId);
    await pipe.send("Emulation.setDeviceMetricsOverride", { ...VIEWPORT, deviceScaleFactor: 1, mobile: false }, sessionId);
    if (settle) await untilChromiumIsQuiet();
    return { page: benchPage(pipe, sessionId), close: () => closeBrowser(pipe, browser, exited) };
  } catch (error) {
    browser.kill("SIGKILL");
    throw new Error(`Chromium (${chromiumPath()}) could not be driven: ${(error as Error).message}. Its stderr: ${stderr.trim() || "(empty)"}`, { cause: error });
  }
}

/** The browser's first page, attached to (the page may be listed a moment after the browser answers). */
async function attachToPage(pipe: DevToolsPipe): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { targetInfos } = await pipe.send<{ targetInfos: { targetId: string; type: string }[] }>("Target.getTargets");
    const page = targetInfos.find((t) => t.type === "page");
    if (page) return (await pipe.send<{ sessionId: string }>("Target.attachToTarget", { targetId: page.targetId, flatten: true })).sessionId;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the browser showed no page within 5 s");
}

function benchPage(pipe: DevToolsPipe, sessionId: string): BenchPage {
  const evaluate = async <T>(expression: string): Promise<T> => {
    // As JSON text with NaN and the infinities named: the protocol's own copy of a value turns them into null.
    const asText = `Promise.resolve((${expression})).then((value) => JSON.stringify(value, ${NON_FINITE_OUT}))`;
    const { result, exceptionDetails } = await pipe.send<{ result: { value?: string }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
      "Runtime.evaluate",
      { expression: asText, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    if (exceptionDetails) throw new PageScriptError(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return (result.value === undefined ? undefined : JSON.parse(result.value, nonFiniteIn)) as T;
  };
  return {
    evaluate,
    async addInitScript(script) {
      await pipe.send("Page.addScriptToEvaluateOnNewDocument", { source: script }, sessionId);
    },
    async goto(url) {
      // The Page domain tells when the top frame has its new document (Page.navigate may answer before).
      // The wait is given up if the navigation fails, so no later navigation's event goes to it.
      const done = new AbortController();
      const navigated = pipe.next("Page.frameNavigated", (params) => (params.frame as { parentId?: string } | undefined)?.parentId === undefined, done.signal);
      navigated.catch(() => undefined);
      try {
        const { errorText } = await pipe.send<{ errorText?: string }>("Page.navigate", { url }, sessionId);
        if (errorText) throw new Error(`Chromium could not open ${url}: ${errorText}`);
        await navigated;
      } finally {
        done.abort();
      }
    },
    async trace(categories, work) {
      await pipe.send("Tracing.start", { traceConfig: { includedCategories: categories }, transferMode: "ReturnAsStream" });
      const result = await work();
      const complete = pipe.next("Tracing.tracingComplete");
      complete.catch(() => undefined);
      await pipe.send("Tracing.end");
      const { stream } = (await complete) as { stream?: string };
      if (!stream) throw new Error("Chromium returned no trace stream");
      let trace = "";
      for (;;) {
        const chunk = await pipe.send<{ data: string; base64Encoded?: boolean; eof: boolean }>("IO.read", { handle: stream });
        trace += chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString("utf8") : chunk.data;
        if (chunk.eof) break;
      }
      await pipe.send("IO.close", { handle: stream });
      return { result, trace };
    },
  };
}

/** Closes the browser as a person would (its profile's caches are written), killing it if it does not exit. */
async function closeBrowser(pipe: DevToolsPipe, browser: ReturnType<typeof spawn>, exited: Promise<void>): Promise<void> {
  if (browser.exitCode !== null || browser.signalCode !== null) return;
  await pipe.send("Browser.close").catch(() => undefined);
  const timer = setTimeout(() => browser.kill("SIGKILL"), CLOSE_WAIT_MS);
  await exited;
  clearTimeout(timer);
}
