/**
 * The real app: the built Alpine (out/) in the real Electron binary, driven by Playwright's
 * `_electron`, talking to the scripted model server. A person's path through a quit:
 * send a message and watch the reply stream; the model asks to write a file (write_file asks
 * the person first, so the run stops with the question); quit; relaunch on the same data;
 * the question is still asked, nothing written; Allow writes the file and the run finishes.
 *
 * It runs wherever Electron can (a desktop, hosted CI). Where the binary or an Electron build of
 * better-sqlite3 is missing, it is reported skipped with the reason; with
 * ALPINE_ELECTRON_TEST=required (hosted CI) a missing precondition fails instead.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";
import { AppSession } from "./electron-app";
import { checkElectronReadiness } from "./electron-readiness";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const screenshots = path.join(projectRoot, "test-results", "electron");

const required = process.env.ALPINE_ELECTRON_TEST === "required";
const readiness = checkElectronReadiness();
if (!readiness.ok && !required) console.warn(`Skipped the real-app (Electron) test: ${readiness.reason}`);

const TASK = "Plan a three-day hike in the Alps";
const FIRST_REPLY = "Day one: Zermatt to the Hörnli hut. Day two: a rest and a glacier walk. Day three: down through the larch woods.";
const WRITE_CALL_ID = "toolu_write_plan_1";
const NOTE_FILE = "hike-plan.md";
const CONTINUED_REPLY = "The plan is saved in hike-plan.md.";
/** Each step launches or quits the real app at least once; a cold Electron start on a CI runner takes a while. */
const STEP_TIMEOUT_MS = 120_000;

describe.skipIf(!readiness.ok && !required)("the real Alpine app in Electron", () => {
  let server: ModelServer;
  let userData = "";
  let folder = "";
  let conversationId = "";

  const session = new AppSession(() => {
    if (!readiness.ok) throw new Error(`The real-app test must run here but cannot: ${readiness.reason}`);
    return { binary: readiness.binary, appFolder: projectRoot, userData, modelUrl: server.url };
  });

  beforeAll(async () => {
    if (!readiness.ok) throw new Error(`The real-app test must run here but cannot: ${readiness.reason}`);
    server = await startModelServer();
    userData = realpathSync(mkdtempSync(path.join(os.tmpdir(), "alpine-")));
    folder = realpathSync(mkdtempSync(path.join(os.tmpdir(), "alpine-")));
  });

  afterAll(async () => {
    session.kill();
    await server?.close();
    for (const dir of [userData, folder]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("opens on a fresh data folder and streams the reply to a first message", async () => {
    const app = await session.launch();
    await app.withAppOutput(async () => {
      const info = await app.request("app:info", {});
      // Never touch the desktop's real Alpine data: the app must be using this test's folder.
      expect(realpathSync(info.dataFolder).startsWith(userData), `data folder ${info.dataFolder}`).toBe(true);

      // Stored through safeStorage, as Settings does; the file tools work in the test's folder.
      expect((await app.request("settings:setApiKey", { apiKey: "test-key" })).hasApiKey).toBe(true);
      const settings = await app.request("settings:set", { folder });
      expect(path.resolve(settings.folder)).toBe(path.resolve(folder));

      server.script({ text: FIRST_REPLY, chunks: 6, delayMs: 40 });
      const since = await app.mark();
      await app.send(TASK);
      conversationId = (await app.waitFor("message-sent", { kind: "start" }, since)).detail.id;
      await app.waitFor("run-ended", { id: conversationId, stoppedBy: "end_turn" }, since);

      const deltas = await app.steps(conversationId, "text_delta", since);
      expect(deltas.length, "the reply arrived in several pieces").toBeGreaterThan(1);
      expect(deltas.map((d) => d.text).join("")).toBe(FIRST_REPLY);
      await app.window.getByText(FIRST_REPLY).waitFor({ state: "visible" });
      await app.screenshot(screenshots, "1-first-reply");
    });
  }, STEP_TIMEOUT_MS);

  it("quits cleanly while a file write waits for the person's approval", async () => {
    const app = session.current!;
    await app.withAppOutput(async () => {
      server.script({ toolUses: [{ id: WRITE_CALL_ID, name: "write_file", input: { path: NOTE_FILE, content: FIRST_REPLY } }] });
      const since = await app.mark();
      await app.send("Save that plan as a file, please.");
      await app.waitFor("message-sent", { id: conversationId, kind: "send" }, since);
      // The write asks through the ask mechanism: its run ends with the question.
      await app.waitFor("run-ended", { id: conversationId, stoppedBy: "ask" }, since);
      const asked = await app.waitFor("ask-shown", { id: conversationId }, since);
      expect(asked.detail.choices).toEqual(["Allow", "Deny"]);
      await app.window.locator(`[data-call-id="${WRITE_CALL_ID}"][data-tool-status="waiting"]`).waitFor({ state: "visible" });
      const started = await app.steps(conversationId, "tool_start", since);
      expect(started.map((e) => e.name)).toEqual(["write_file"]);
      await app.screenshot(screenshots, "2-write-waiting");
    });

    expect(await session.quit(app), "the app exits with code 0 after a quit").toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(existsSync(path.join(folder, NOTE_FILE)), "nothing was written: the person has not allowed it yet").toBe(false);
  }, STEP_TIMEOUT_MS);

  it("relaunches on the same data with the question still asked; Allow writes the file once and the run finishes", async () => {
    const app = await session.launch();
    await app.withAppOutput(async () => {
      await app.waitFor("list-rendered", { ids: { includes: conversationId } });
      const since = await app.mark();
      await app.window.locator(`[data-conversation-id="${conversationId}"] .conversation-row__open`).click();
      const opened = await app.waitFor("conversation-opened", { id: conversationId }, since);
      expect(opened.detail.interruption).toBeNull();
      expect(opened.detail.pendingAsk).toMatchObject({ callId: WRITE_CALL_ID, choices: ["Allow", "Deny"] });
      await app.waitFor("ask-shown", { id: conversationId }, since);
      await app.window.locator(`[data-call-id="${WRITE_CALL_ID}"][data-tool-status="waiting"]`).waitFor({ state: "visible" });
      await app.window.getByText(FIRST_REPLY).first().waitFor({ state: "visible" });
      await app.screenshot(screenshots, "3-after-relaunch");

      server.script({ text: CONTINUED_REPLY, chunks: 3, delayMs: 20 });
      const beforeAllow = await app.mark();
      await app.window.getByRole("button", { name: "Allow" }).click();
      await app.waitFor("answer-sent", { id: conversationId, answer: "Allow" }, beforeAllow);
      await app.waitFor("run-ended", { id: conversationId, stoppedBy: "end_turn" }, beforeAllow);
      await app.window.locator(`[data-call-id="${WRITE_CALL_ID}"][data-tool-status="done"]`).waitFor({ state: "visible" });
      await app.window.getByText(CONTINUED_REPLY).waitFor({ state: "visible" });
      expect(await app.steps(conversationId, "tool_end", beforeAllow)).toEqual([expect.objectContaining({ callId: WRITE_CALL_ID, status: "done" })]);
      await app.screenshot(screenshots, "4-allowed");
    });

    // What the model was sent after Allow: the call's result, written by the call run again with the answer.
    const [, , allowed] = await server.waitForRequests(3);
    const results = allowed.body.messages
      .flatMap((message: any) => (Array.isArray(message.content) ? message.content : []))
      .filter((block: any) => block.type === "tool_result" && block.tool_use_id === WRITE_CALL_ID);
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results[0].content)).toContain("The person allowed the write");
    expect(readFileSync(path.join(folder, NOTE_FILE), "utf8")).toBe(FIRST_REPLY);

    expect(await session.quit(app)).toBe(0);
  }, STEP_TIMEOUT_MS);
});
