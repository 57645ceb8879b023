/**
 * The page a launch is timed in. Against a stand-in browser: what is asked of Chromium (the Page
 * domain, never Runtime, whose stack traces cost the app chunk a second parse). Against Debian's
 * Chromium: the page's scripts for new documents, navigation, values (NaN kept), errors, a trace.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS } from "../../bench/window/browser";
import { launchOnProfile, PageScriptError, type LaunchPage } from "../../bench/window/launch-page";

/** A stand-in for Chromium: answers the protocol on fds 3 and 4, and writes each method it was asked to a log. */
const STAND_IN = String.raw`#!/usr/bin/env node
const fs = require("node:fs");
const net = require("node:net");
const log = process.env.STAND_IN_LOG;
// Sockets on the pipes, not file streams: a file stream's read of a pipe would hold the exit.
const out = new net.Socket({ fd: 4, readable: false, writable: true });
let buffered = "";
new net.Socket({ fd: 3, readable: true, writable: false }).setEncoding("utf8").on("data", (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf("\0")) >= 0) {
    const message = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    fs.appendFileSync(log, message.method + (message.sessionId ? " @" + message.sessionId : "") + "\n");
    let result = {};
    if (message.method === "Target.getTargets") result = { targetInfos: [{ targetId: "t", type: "browser" }, { targetId: "p", type: "page" }] };
    if (message.method === "Target.attachToTarget") result = { sessionId: "s" };
    if (message.method === "Runtime.evaluate") result = { result: { value: "null" } };
    const refused = message.method === "Page.navigate" && message.params.url.includes("refused");
    if (refused) result = { frameId: "f", errorText: "net::ERR_CONNECTION_REFUSED" };
    out.write(JSON.stringify({ id: message.id, result }) + "\0");
    if (message.method === "Page.navigate" && !refused) out.write(JSON.stringify({ method: "Page.frameNavigated", sessionId: "s", params: { frame: { id: "f" } } }) + "\0");
    if (message.method === "Browser.close") setTimeout(() => process.exit(0), 10);
  }
});
`;

describe("a launch's page, against a stand-in browser", () => {
  let folder: string;
  const previous = process.env.CHROMIUM_PATH;

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), "alpine-launch-page-"));
    const program = path.join(folder, "chromium");
    writeFileSync(program, STAND_IN);
    chmodSync(program, 0o755);
    process.env.CHROMIUM_PATH = program;
    process.env.STAND_IN_LOG = path.join(folder, "asked.log");
  });

  afterAll(() => {
    if (previous === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = previous;
    delete process.env.STAND_IN_LOG;
    rmSync(folder, { recursive: true, force: true });
  });

  it("enables the Page domain on the page and never Runtime, sets the window's size, and closes the browser", async () => {
    const launch = await launchOnProfile(path.join(folder, "profile"), CHROMIUM_FLAGS);
    await launch.page.addInitScript("window.x = 1");
    await launch.page.goto("http://127.0.0.1:9/");
    await launch.close();
    const asked = readFileSync(process.env.STAND_IN_LOG!, "utf8").trim().split("\n");
    expect(asked).toContain("Page.enable @s");
    expect(asked).toContain("Emulation.setDeviceMetricsOverride @s");
    expect(asked).toContain("Page.addScriptToEvaluateOnNewDocument @s");
    expect(asked).toContain("Page.navigate @s");
    expect(asked.at(-1)).toBe("Browser.close");
    expect(asked.filter((method) => method.startsWith("Runtime.") && !method.startsWith("Runtime.evaluate "))).toEqual([]);
  });

  it("says which page could not be opened, and the next goto waits for its own navigation", async () => {
    const launch = await launchOnProfile(path.join(folder, "profile-refused"), CHROMIUM_FLAGS);
    try {
      await expect(launch.page.goto("http://127.0.0.1:9/refused")).rejects.toThrow("Chromium could not open http://127.0.0.1:9/refused: net::ERR_CONNECTION_REFUSED");
      await launch.page.goto("http://127.0.0.1:9/next");
    } finally {
      await launch.close();
    }
  }, 10_000);
});

it("says which Chromium could not be started", async () => {
  const previous = process.env.CHROMIUM_PATH;
  process.env.CHROMIUM_PATH = path.join(os.tmpdir(), "no-such-chromium-here");
  try {
    await expect(launchOnProfile(path.join(os.tmpdir(), "unused-profile"), CHROMIUM_FLAGS)).rejects.toThrow(/Chromium \(.*no-such-chromium-here\) could not be driven: spawn .*ENOENT/);
  } finally {
    if (previous === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = previous;
  }
});

describe("a launch's page, in Chromium", () => {
  let server: Server;
  let url: string;
  let launch: LaunchPage | null = null;
  let folder: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { "content-type": "text/html" }).end(`<p id="p">${request.url}</p><script>window.ranAfter = typeof window.before;</script>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterEach(async () => {
    await launch?.close();
    launch = null;
    rmSync(folder, { recursive: true, force: true });
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** What the page's own markup and script made, read once the document is parsed. */
  const WHEN_PARSED = `new Promise((resolve) => {
    const read = () => resolve({ text: document.getElementById("p").textContent, ranAfter: window.ranAfter });
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", read);
    else read();
  })`;

  const open = async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "alpine-launch-page-"));
    launch = await launchOnProfile(folder, CHROMIUM_FLAGS);
    return launch.page;
  };

  it("runs the script for new documents before the page's own, and evaluates in the new document once goto resolves", async () => {
    const page = await open();
    await page.addInitScript("window.before = 'set'");
    await page.goto(`${url}/first`);
    // The new document is there once goto resolves, though it may still be parsing (seen on a busy machine).
    expect(await page.evaluate("location.pathname")).toBe("/first");
    expect(await page.evaluate(WHEN_PARSED)).toEqual({ text: "/first", ranAfter: "string" });
    await page.goto(`${url}/second`);
    expect(await page.evaluate("location.pathname")).toBe("/second");
    expect(await page.evaluate("[innerWidth, innerHeight]")).toEqual([1280, 800]);
  }, 30_000);

  it("gives values as JSON holds them, with NaN and the infinities kept, and awaits promises", async () => {
    const page = await open();
    await page.goto(`${url}/values`);
    expect(await page.evaluate("({ missing: NaN, far: [Infinity, -Infinity], n: 1.5, s: 'x', z: null })")).toEqual({ missing: NaN, far: [Infinity, -Infinity], n: 1.5, s: "x", z: null });
    expect(await page.evaluate("new Promise((resolve) => setTimeout(() => resolve(42), 10))")).toBe(42);
    expect(await page.evaluate("undefined")).toBeUndefined();
  }, 30_000);

  it("throws a PageScriptError with the page's message when the expression throws", async () => {
    const page = await open();
    await page.goto(`${url}/error`);
    const failing = page.evaluate("(() => { throw new TypeError('no such row'); })()");
    await expect(failing).rejects.toThrow(PageScriptError);
    await expect(failing).rejects.toThrow("TypeError: no such row");
  }, 30_000);

  it("traces what the browser does meanwhile", async () => {
    const page = await open();
    await page.goto(`${url}/trace`);
    const { result, trace } = await page.trace(["devtools.timeline"], () => page.evaluate("new Promise((resolve) => requestAnimationFrame(() => resolve('framed')))"));
    expect(result).toBe("framed");
    const parsed = JSON.parse(trace) as { traceEvents?: unknown[] } | unknown[];
    const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    expect(events.length).toBeGreaterThan(0);
  }, 30_000);
});
