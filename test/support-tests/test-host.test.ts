/**
 * The test host: the window's files with the app's CSP, the IPC contract over the
 * WebSocket (same dispatcher as the app), events to every page, only its own pages heard,
 * bad frames and messages refused, loopback only;
 * and as a child process: ready line, clean stop on SIGTERM, and a restart after SIGKILL
 * while a file write waits for approval that still asks, and writes once when allowed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AppEvent } from "../../src/shared/ipc-contract";
import type { ConversationView } from "../../src/shared/view-types";
import { withoutCacheControl, type ModelServer } from "../support/model-server";
import { startTestHost, type TestHost } from "../support/test-host";
import { connectTestSocket, type TestSocket } from "../support/websocket-test-client";
import { cleanups, model, tempDir } from "./host-test-cleanups";
import { openService } from "../service/helpers";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A host serving a small stand-in window, so these tests do not depend on the build. */
async function host(modelServer: ModelServer): Promise<TestHost> {
  const renderer = tempDir();
  fs.mkdirSync(path.join(renderer, "assets"));
  fs.writeFileSync(path.join(renderer, "index.html"), "<!doctype html><title>Alpine</title><script type=module src=/assets/app.js></script>");
  fs.writeFileSync(path.join(renderer, "assets", "app.js"), "console.log('app');");
  const started = await startTestHost({ dataFolder: tempDir(), modelUrl: modelServer.url, rendererFolder: renderer });
  cleanups.push(() => started.close());
  return started;
}

async function socket(target: { url: string; wsUrl: string }, origin = target.url.replace(/\/$/, "")): Promise<TestSocket> {
  const connected = await connectTestSocket(target.wsUrl, origin);
  cleanups.push(() => connected.close());
  return connected;
}

describe("test host (in process)", () => {
  it("sends the page to ?transport=ws and serves the window's files with the strict CSP", async () => {
    const target = await host(await model());
    const root = await fetch(target.url, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/?transport=ws");

    const page = await fetch(`${target.url}?transport=ws`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${target.wsUrl}`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    const script = await fetch(`${target.url}assets/app.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toBe("console.log('app');");

    for (const escape of ["/../package.json", "/%2e%2e/package.json", "/assets/..%2f..%2fpackage.json"]) {
      expect((await fetch(`${target.url.replace(/\/$/, "")}${escape}`)).status).toBe(404);
    }
    expect((await fetch(target.url, { method: "POST" })).status).toBe(405);
  });

  it("carries requests and responses over the socket, and every event to every page", async () => {
    const modelServer = await model();
    const target = await host(modelServer);
    const first = await socket(target);
    const second = await socket(target);
    modelServer.script({ text: "Hello over the socket", chunks: 2 });

    const started = await first.request("runs:start", { text: "Hi" });
    expect(started).toEqual({ ok: true, value: { id: expect.any(String) } });
    const id = (started as { value: { id: string } }).value.id;
    const isEnd = (e: AppEvent) => e.type === "step" && e.event.type === "run_end";
    await first.waitForEvent(isEnd);
    await second.waitForEvent(isEnd);
    // Both chunks' words, in order (two deltas a moment apart may come as one: streamed-words-throttle.ts).
    const deltas = second.events.flatMap((e) => (e.type === "step" && e.event.type === "text_delta" ? [e.event.text] : []));
    expect(deltas.join("")).toBe("Hello over the socket");

    const view = await second.request("conversations:get", { id });
    expect(view.ok && (view.value as ConversationView).entries.map((e) => e.text)).toEqual(["Hi", "Hello over the socket"]);
    expect(await first.request("runs:send", { id, text: "" })).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
    expect(await first.request("no:such-channel", {})).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
  });

  it("hears only its own pages, and closes a connection that sends something else than JSON requests", async () => {
    const target = await host(await model());
    const stranger = await socket(target, "http://evil.example");
    expect(await stranger.closed).toBe(1008);
    const garbled = await socket(target);
    garbled.raw.send("not json");
    expect(await garbled.closed).toBe(1007);
    const unknown = await socket(target);
    unknown.raw.send(JSON.stringify({ kind: "subscribe", id: 1 }));
    expect(await unknown.closed).toBe(1008);
    const binary = await socket(target);
    binary.raw.send(Buffer.from(JSON.stringify({ kind: "request", id: 1, channel: "settings:get", args: {} })), { binary: true });
    expect(await binary.closed).toBe(1003);
  });

  it("refuses bad frames: unmasked, invalid UTF-8, reserved bits, a new message inside a fragmented one, oversized", async () => {
    const target = await host(await model());
    const unmasked = await socket(target);
    unmasked.raw.send("{}", { mask: false });
    expect(await unmasked.closed).toBe(1002);
    const invalidText = await socket(target);
    invalidText.raw.send(Buffer.from([0xc3, 0x28]), { binary: false });
    expect(await invalidText.closed).toBe(1007);
    const oversized = await socket(target);
    oversized.raw.send("x".repeat(16 * 1024 * 1024 + 1));
    expect(await oversized.closed).toBe(1009);

    // Frames `ws` itself never sends, written byte by byte (mask 0, so the payload reads as is).
    const rsv1Text = Buffer.from([0xc1, 0x82, 0, 0, 0, 0, 0x7b, 0x7d]);
    expect(await closeCodeAfterRawFrames(target, rsv1Text)).toBe(1002);
    const firstFragment = Buffer.from([0x01, 0x81, 0, 0, 0, 0, 0x7b]);
    const newTextFrame = Buffer.from([0x81, 0x81, 0, 0, 0, 0, 0x7d]);
    expect(await closeCodeAfterRawFrames(target, Buffer.concat([firstFragment, newTextFrame]))).toBe(1002);
    const fragmentedPing = Buffer.from([0x09, 0x80, 0, 0, 0, 0]);
    expect(await closeCodeAfterRawFrames(target, fragmentedPing)).toBe(1002);

    // The connection still works for a page that behaves.
    const page = await socket(target);
    expect(await page.request("settings:get", {})).toMatchObject({ ok: true });
  });

  it("listens on 127.0.0.1 only and upgrades only /ws", async () => {
    const target = await host(await model());
    const { hostname, port } = new URL(target.url);
    expect(hostname).toBe("127.0.0.1");
    const otherAddresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address && address.family === "IPv4" && !address.internal)
      .map((address) => address!.address);
    for (const address of otherAddresses) {
      await expect(fetch(`http://${address}:${port}/`)).rejects.toThrow();
    }
    await expect(connectTestSocket(target.wsUrl.replace(/\/ws$/, "/elsewhere"), `http://127.0.0.1:${port}`)).rejects.toThrow(/refused \(400\)/);
  });
});

/** Open the socket by hand, write `frames`, and return the close code the host answers with. */
async function closeCodeAfterRawFrames(target: TestHost, frames: Buffer): Promise<number> {
  const { port } = new URL(target.url);
  const connection = net.connect(Number(port), "127.0.0.1");
  cleanups.push(() => void connection.destroy());
  connection.write(
    `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:${port}\r\n\r\n`,
  );
  let received = Buffer.alloc(0);
  let sent = false;
  connection.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    if (!sent && received.includes("\r\n\r\n")) {
      sent = true;
      connection.write(frames);
    }
  });
  await new Promise((resolve) => connection.once("close", resolve));
  const head = received.indexOf("\r\n\r\n");
  expect(received.subarray(0, head).toString()).toMatch(/^HTTP\/1\.1 101/);
  const closeFrame = received.subarray(head + 4);
  expect(closeFrame[0]).toBe(0x88);
  return closeFrame.readUInt16BE(2);
}

interface HostChild {
  child: ChildProcess;
  url: string;
  wsUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startHostChild(dataFolder: string, modelUrl: string, extra: string[] = []): Promise<HostChild> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/test-host-cli.ts", "--data", dataFolder, "--model-url", modelUrl, ...extra], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(stdout.split("\n")[0]);
    });
    child.once("exit", (code) => reject(new Error(`the test host exited with ${code} before it was ready: ${stderr}`)));
  });
  const ready = JSON.parse(line) as { url: string; wsUrl: string; pid: number };
  expect(ready.pid).toBe(child.pid);
  expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  return { child, url: ready.url, wsUrl: ready.wsUrl, exited };
}

describe("test host (child process)", () => {
  it("on SIGTERM aborts the run in progress, saves it and exits 0", async () => {
    const modelServer = await model();
    const dataFolder = tempDir();
    const first = await startHostChild(dataFolder, modelServer.url);
    const page = await socket(first);
    modelServer.script({ hang: true, text: "Halfway thr" });
    const started = await page.request("runs:start", { text: "Take your time" });
    const id = (started as { value: { id: string } }).value.id;
    await page.waitForEvent((e) => e.type === "step" && e.event.type === "text_delta");
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });

    // The next start (in this process) finds the run aborted and saved.
    const again = await openService({ dataFolder, model: modelServer });
    cleanups.push(() => again.close());
    const view = await again.call<ConversationView>("conversations:get", { id });
    expect(view.summary.stoppedBy).toBe("aborted");
    expect(view.interruption).toMatchObject({ kind: "aborted", detail: expect.stringMatching(/because Alpine was quitting/) });
  });

  it("after SIGKILL while a file write waits for approval, still asks, and Allow writes the file once", async () => {
    const modelServer = await model();
    const dataFolder = tempDir();
    const folder = tempDir();
    const first = await startHostChild(dataFolder, modelServer.url);
    const page = await socket(first);
    await page.request("settings:set", { folder });
    modelServer.script({ toolUses: [{ id: "toolu_w", name: "write_file", input: { path: "out.txt", content: "data" } }] });
    const started = await page.request("runs:start", { text: "Write out.txt" });
    const id = (started as { value: { id: string } }).value.id;
    const ended = await page.waitForEvent((e) => e.type === "step" && e.event.type === "run_end");
    expect(ended).toMatchObject({ event: { stoppedBy: "ask" } });
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    // The next start (in this process, on the same database).
    const again = await openService({ dataFolder, model: modelServer });
    cleanups.push(() => again.close());
    const list = await again.call<{ items: { id: string }[] }>("conversations:list", {});
    expect(list.items.map((s) => s.id)).toEqual([id]);
    const view = await again.call<ConversationView>("conversations:get", { id });
    expect(view.interruption).toBeNull();
    expect(view.pendingAsk).toMatchObject({ callId: "toolu_w", choices: ["Allow", "Deny"] });
    expect(view.entries.some((e) => e.kind === "tool_result")).toBe(false);
    expect(fs.existsSync(path.join(folder, "out.txt"))).toBe(false);

    modelServer.script({ text: "Written." });
    await again.call("runs:answer", { id, answer: "Allow" });
    expect((await again.log.step(id, "run_end")).stoppedBy).toBe("end_turn");
    expect(fs.readFileSync(path.join(folder, "out.txt"), "utf8")).toBe("data");
    expect(again.log.steps(id, "tool_end")).toEqual([expect.objectContaining({ callId: "toolu_w", status: "done" })]);
    const [, request] = await modelServer.waitForRequests(2);
    expect(withoutCacheControl(request.body.messages.at(-1).content)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_w", content: 'The person allowed the write: "out.txt" now has 4 bytes.' },
    ]);
  });
});
