/**
 * The packaged app, as a person installs it: the executable electron-builder made
 * (dist/linux-unpacked/alpine-desktop, dist/win-unpacked/Alpine.exe, dist/mac-arm64/Alpine.app),
 * fuses flipped, app.asar and its unpacked native module, launched by Playwright's `_electron`
 * without a project folder. Hosted CI builds it with test/packaged/smoke-builder.config.cjs
 * (updates from a local feed) and runs this file on macOS, Windows and Linux
 * (`npm run test:packaged`, ALPINE_PACKAGED_APP naming the executable); it is not part of
 * `npm test`, which has no packaged app to launch.
 *
 * One person's path: the window opens on its data folder; the updater checks the local feed and
 * says Alpine is up to date; a stdio MCP server from the test fixtures starts and answers a
 * call; an alpine:// link from a second launch fills in a new message; quit; a backup copy is
 * taken and the conversation garbled on disk; relaunch: the conversation is listed as damaged,
 * restores from the backup, and goes on where it was.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/main/agent/stores/sqlite/migrations";
import { startUpdateFeed, type UpdateFeedServer } from "../electron-layer/update-feed-server";
import { AppSession, type LaunchOptions } from "../electron/electron-app";
import { runsOf } from "../support/mcp/test-mcp-tools";
import { startModelServer, type ModelServer } from "../support/model-server";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const screenshots = path.join(projectRoot, "test-results", "packaged");
const SMOKE_FEED_PORT: number = createRequire(import.meta.url)("./smoke-builder.config.cjs").publish.url.match(/:(\d+)\/$/)[1] * 1;
const STDIO_TEST_SERVER = path.join(projectRoot, "test/support/mcp/stdio-test-server.ts");
const TSX_LOADER = pathToFileURL(path.join(projectRoot, "node_modules/tsx/dist/loader.mjs")).href;
const VERSION: string = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")).version;
/** A conversation id the list shows after its row was garbled on disk (as a damaged page leaves it). */
const GARBLED = "echo\u0001garbled";
/** Each step launches or quits the packaged app at least once; a cold start on a CI runner takes a while. */
const STEP_TIMEOUT_MS = 180_000;

const executable = process.env.ALPINE_PACKAGED_APP ?? "";

describe("the packaged Alpine app", () => {
  let model: ModelServer;
  let feed: UpdateFeedServer;
  let userData = "";
  let counts = "";
  let conversationId = "";

  const session = new AppSession((): LaunchOptions => ({
    binary: executable,
    appFolder: null,
    userData,
    modelUrl: model.url,
    // electron-updater's Linux updater is active only in an AppImage, which names its file here.
    env: process.platform === "linux" ? { APPIMAGE: path.join(userData, "Alpine.AppImage") } : {},
  }));

  beforeAll(async () => {
    if (!executable || !existsSync(executable)) {
      throw new Error(`ALPINE_PACKAGED_APP must name the packaged app's executable (it is "${executable}"): build it first, see docs/installing.md.`);
    }
    model = await startModelServer();
    feed = await startUpdateFeed({ version: VERSION, currentVersion: VERSION, port: SMOKE_FEED_PORT });
    feed.mode = "up-to-date";
    userData = realpathSync(mkdtempSync(path.join(os.tmpdir(), "alpine-packaged-")));
    counts = path.join(userData, "mcp-counts.txt");
  });

  /** The executable started again on the same data folder, as the system starts it for a link; resolves with its exit code. */
  function secondLaunch(link: string): Promise<number | null> {
    const env: NodeJS.ProcessEnv = { ...process.env, ALPINE_USER_DATA: userData };
    delete env.ELECTRON_RUN_AS_NODE;
    const child = spawn(executable, [`--user-data-dir=${userData}`, link], { env, stdio: "ignore" });
    return new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (code) => resolve(code));
    });
  }

  afterAll(async () => {
    session.kill();
    await model?.close();
    await feed?.close();
    if (userData) rmSync(userData, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  });

  it("opens on its data folder, checks the local update feed, and runs a stdio MCP server's tool", async () => {
    const app = await session.launch();
    await app.withAppOutput(async () => {
      const info = await app.request("app:info", {});
      expect(realpathSync(info.dataFolder)).toBe(userData);
      expect(info.version).toBe(VERSION);
      // Stored through safeStorage, as Settings does.
      expect((await app.request("settings:setApiKey", { apiKey: "test-key" })).hasApiKey).toBe(true);

      // The updater of the packaged app (electron-updater, loaded as the app loads it) against the local feed.
      const checked = await app.request("updates:check", {});
      expect(checked, JSON.stringify(checked)).toMatchObject({ phase: "up-to-date", currentVersion: VERSION });
      expect(feed.requests).toEqual(expect.arrayContaining([expect.stringMatching(/^\/latest.*\.yml$/)]));

      // A stdio MCP server from the test fixtures, started by the packaged app.
      let since = await app.mark();
      await app.request("tools:addServer", { name: "counter", transport: "stdio", command: process.execPath, args: ["--import", TSX_LOADER, STDIO_TEST_SERVER, counts] });
      await app.waitFor("tools-changed", { "servers.0.name": "counter", "servers.0.status": "ready" }, since, 120_000);

      model.script({ toolUses: [{ id: "call_echo_1", name: "counter__echo", input: { text: "from the packaged app" } }], text: "Calling the tool." }, { text: "The server answered." });
      since = await app.mark();
      await app.send("Echo something through the counter server");
      conversationId = (await app.waitFor("message-sent", { kind: "start" }, since)).detail.id;
      await app.waitFor("ask-shown", { id: conversationId }, since);
      await app.window.getByRole("button", { name: "Allow once", exact: true }).click();
      await app.waitFor("run-ended", { id: conversationId, stoppedBy: "end_turn" }, since);
      expect(await app.steps(conversationId, "tool_end", since)).toEqual([expect.objectContaining({ callId: "call_echo_1", status: "done" })]);
      expect(runsOf(counts, "echo")).toBe(1);
      await app.window.getByText("The server answered.").waitFor({ state: "visible" });
      await app.screenshot(screenshots, "1-mcp-call");

      // An alpine:// link opened as Windows and Linux open one: a second launch with the link hands it
      // to this one (second-instance) and quits; the new conversation's composer holds the text, unsent.
      since = await app.mark();
      const drafted = "Drafted from a link: pack for Oslo";
      const asked = model.requests.length;
      const exited = secondLaunch(`alpine://new?text=${encodeURIComponent(drafted)}`);
      await app.waitFor("deep-link-applied", { kind: "new_conversation" }, since);
      expect(await app.window.getByRole("textbox", { name: "Message" }).inputValue()).toBe(drafted);
      expect(await exited, "the second launch hands its link over and exits").toBe(0);
      expect(model.requests.length, "a link never sends by itself").toBe(asked);
    });
    expect(await session.quit(app), "the app exits with code 0 after a quit").toBe(0);
  }, STEP_TIMEOUT_MS);

  it("after a relaunch, restores the conversation from a backup copy and goes on with it", async () => {
    // While the app is closed: a backup copy as a migration takes one, then the conversation's row garbled.
    const database = path.join(userData, "alpine.db");
    const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as { DatabaseSync: new (file: string) => { exec(sql: string): void; close(): void } };
    const db = new DatabaseSync(database);
    try {
      db.exec(`VACUUM INTO '${`${database}.backup-v${SCHEMA_VERSION}-2026-12-01T10-00-00-000Z`.replaceAll("'", "''")}'`);
      db.exec("PRAGMA foreign_keys = OFF");
      db.exec(`UPDATE conversations SET id = '${GARBLED}' WHERE id = '${conversationId.replaceAll("'", "''")}'`);
    } finally {
      db.close();
    }

    const app = await session.launch();
    await app.withAppOutput(async () => {
      await app.waitFor("list-rendered");
      const damaged = app.window.locator('.conversation-row[data-damaged="true"]');
      await damaged.waitFor({ state: "visible" });
      let since = await app.mark();
      await damaged.getByRole("button", { name: "Restore from backup" }).click();
      expect((await app.waitFor("damaged-restored", {}, since)).detail).toEqual({ id: conversationId });

      since = await app.mark();
      await app.window.locator(`[data-conversation-id="${conversationId}"] .conversation-row__open`).click();
      await app.waitFor("conversation-opened", { id: conversationId }, since);
      await app.window.getByText("The server answered.").waitFor({ state: "visible" });

      // The conversation goes on: the model is sent the whole of it, the tool's call and result included.
      model.script({ text: "Still here after the relaunch." });
      since = await app.mark();
      await app.send("Are you still there?");
      await app.waitFor("run-ended", { id: conversationId, stoppedBy: "end_turn" }, since);
      await app.window.getByText("Still here after the relaunch.").waitFor({ state: "visible" });
      const last = model.requests.at(-1)!.body.messages as { content: unknown }[];
      expect(JSON.stringify(last)).toContain("call_echo_1");
      await app.screenshot(screenshots, "2-restored-and-resumed");
    });
    expect(await session.quit(app)).toBe(0);
  }, STEP_TIMEOUT_MS);
});
