/**
 * MCP servers cost the window's first paint nothing: with three stdio servers configured, none
 * is started before the window says its first screen is shown (`app:shown`), and the window says
 * it only once its first screen is painted. Proved by the order of what happens, never by a clock:
 * the page holds its `app:shown` back; when it would have gone, the first contentful paint was
 * already listed in the page's timeline, and the host had started no server (its first screen
 * answered meanwhile); once it goes, all three start.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MCP_FILE_NAME, MCP_SETTINGS_VERSION } from "../../src/main/service/mcp/mcp-settings-file";
import { EVERYTHING_SERVER, MCP_TEST_TIMEOUT_MS, processTree } from "../service/mcp-helpers";
import { useAlpineSession } from "./support/file-session";
import { type TestHost, startTestHost } from "./support/test-host";

/** In the page before its scripts: the first `app:shown` frame is held, with the paints in by then. */
const HOLD_SHOWN = String.raw`
  window.__shown = { paintsWhenSent: null, release: null };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (window.__shown.release === null && typeof data === "string" && data.includes('"app:shown"') && JSON.parse(data).channel === "app:shown") {
      window.__shown.paintsWhenSent = performance.getEntriesByType("paint").map((entry) => entry.name);
      window.__shown.release = () => send.call(this, data);
      return;
    }
    return send.call(this, data);
  };
`;

interface PageState {
  __shown: { release: (() => void) | null };
  __alpineEvents?: { name: string; detail: { servers: { status: string }[] } }[];
}

/** The MCP servers the host runs now (its child processes running the everything server). */
function serverProcesses(host: TestHost): number[] {
  return processTree(host.pid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(EVERYTHING_SERVER);
    } catch {
      return false; // ended meanwhile
    }
  });
}

describe("MCP servers and the window's first paint", () => {
  const e2e = useAlpineSession();
  let host: TestHost | null = null;
  afterEach(async () => {
    await host?.stop("SIGTERM");
    host = null;
  });

  it("starts no configured server before the window's first screen is painted and shown, and all three after", { timeout: MCP_TEST_TIMEOUT_MS }, async () => {
    const dataFolder = path.join(e2e.session.root, "with-servers");
    fs.mkdirSync(dataFolder, { mode: 0o700 });
    const servers = ["first", "second", "third"].map((name) => ({ name, transport: "stdio", command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] }));
    fs.writeFileSync(path.join(dataFolder, MCP_FILE_NAME), JSON.stringify({ version: MCP_SETTINGS_VERSION, servers }), { mode: 0o600 });
    host = await startTestHost({ dataFolder, modelUrl: e2e.session.model.url });
    const context = await e2e.session.browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript({ content: HOLD_SHOWN });
      await page.goto(`${host.url}?transport=ws`);
      await page.waitForFunction(() => (globalThis as unknown as PageState).__shown.release !== null, undefined, { timeout: 60_000 });
      // When the window said so, its first screen's paint was in the page's timeline (event order, not time).
      expect(await page.evaluate("window.__shown.paintsWhenSent")).toEqual(expect.arrayContaining(["first-paint", "first-contentful-paint"]));
      expect(serverProcesses(host)).toEqual([]);
      const events = "(window.__alpineEvents || []).filter((e) => e.name === 'tools-changed')";
      expect(await page.evaluate(`${events}.flatMap((e) => e.detail.servers).filter((s) => s.pid !== null).length`)).toBe(0);

      await page.evaluate("window.__shown.release()");
      await page.waitForFunction(
        () => ((globalThis as unknown as PageState).__alpineEvents ?? []).some((e) => e.name === "tools-changed" && e.detail.servers.length === 3 && e.detail.servers.every((s) => s.status === "ready")),
        undefined,
        { timeout: 120_000 },
      );
      expect(serverProcesses(host)).toHaveLength(3);
    } finally {
      await context.close();
    }
  });
});
