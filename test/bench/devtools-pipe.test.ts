/** The DevTools pipe's framing: NUL-ended JSON both ways, answers by id, events by name, a closed pipe failing what waits. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { DevToolsCommandError, DevToolsPipe } from "../../bench/window/devtools-pipe";

function connectedPipe() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const sent: Record<string, unknown>[] = [];
  let written = "";
  toBrowser.setEncoding("utf8");
  toBrowser.on("data", (chunk: string) => {
    written += chunk;
    let end: number;
    while ((end = written.indexOf("\0")) >= 0) {
      sent.push(JSON.parse(written.slice(0, end)) as Record<string, unknown>);
      written = written.slice(end + 1);
    }
  });
  const reply = (message: unknown) => fromBrowser.write(`${JSON.stringify(message)}\0`);
  return { pipe: new DevToolsPipe(toBrowser, fromBrowser), sent, reply, fromBrowser };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the DevTools pipe", () => {
  it("writes each command as one NUL-ended JSON message, with its session when it has one", async () => {
    const { pipe, sent } = connectedPipe();
    void pipe.send("Target.getTargets");
    void pipe.send("Page.enable", {}, "session-1");
    await tick();
    expect(sent).toEqual([
      { id: 1, method: "Target.getTargets", params: {} },
      { id: 2, method: "Page.enable", params: {}, sessionId: "session-1" },
    ]);
  });

  it("answers each command by its id, whatever the order and however the bytes are cut", async () => {
    const { pipe, fromBrowser } = connectedPipe();
    const first = pipe.send("A.first");
    const second = pipe.send("A.second");
    const text = `${JSON.stringify({ id: 2, result: { n: 2 } })}\0${JSON.stringify({ id: 1, result: { n: 1 } })}\0`;
    fromBrowser.write(text.slice(0, 7));
    fromBrowser.write(text.slice(7, 30));
    fromBrowser.write(text.slice(30));
    await expect(first).resolves.toEqual({ n: 1 });
    await expect(second).resolves.toEqual({ n: 2 });
  });

  it("rejects a refused command with the method and Chromium's reason", async () => {
    const { pipe, reply } = connectedPipe();
    const answer = pipe.send("Page.navigate", { url: "x" });
    reply({ id: 1, error: { code: -32000, message: "Cannot navigate to invalid URL" } });
    await expect(answer).rejects.toThrow(DevToolsCommandError);
    await expect(answer).rejects.toThrow("Chromium refused Page.navigate: Cannot navigate to invalid URL");
  });

  it("hands an event to the one waiting for it, and ignores the others", async () => {
    const { pipe, reply } = connectedPipe();
    const complete = pipe.next("Tracing.tracingComplete");
    reply({ method: "Page.frameNavigated", params: { frame: {} } });
    reply({ method: "Tracing.tracingComplete", params: { stream: "7" } });
    await expect(complete).resolves.toEqual({ stream: "7" });
  });

  it("hands an event only to a waiter whose test its parameters pass", async () => {
    const { pipe, reply } = connectedPipe();
    const topFrame = pipe.next("Page.frameNavigated", (params) => (params.frame as { parentId?: string }).parentId === undefined);
    reply({ method: "Page.frameNavigated", params: { frame: { id: "child", parentId: "top" } } });
    reply({ method: "Page.frameNavigated", params: { frame: { id: "top" } } });
    await expect(topFrame).resolves.toEqual({ frame: { id: "top" } });
  });

  it("gives a wait up when its signal aborts, the event going to the next waiter instead", async () => {
    const { pipe, reply } = connectedPipe();
    const giveUp = new AbortController();
    const abandoned = pipe.next("Page.frameNavigated", () => true, giveUp.signal);
    giveUp.abort();
    await expect(abandoned).rejects.toThrow("Chromium refused Page.frameNavigated: the wait was given up");
    const later = pipe.next("Page.frameNavigated");
    reply({ method: "Page.frameNavigated", params: { frame: { id: "second" } } });
    await expect(later).resolves.toEqual({ frame: { id: "second" } });
    await expect(pipe.next("Page.frameNavigated", () => true, giveUp.signal)).rejects.toThrow("the wait was given up");
  });

  // Either way the pipe fails, the commands and the event waits pending fail with the reason, and so does what comes after.
  it.each([
    { how: "writes a message that is not JSON", reason: "the browser wrote a message that is not JSON: {not json", failPipe: (fromBrowser: PassThrough) => fromBrowser.write("{not json\0") },
    {
      how: "closes the pipe",
      reason: "the browser closed its DevTools pipe",
      failPipe: (fromBrowser: PassThrough) => {
        fromBrowser.end();
        fromBrowser.destroy();
      },
    },
  ])("fails what waits, and what is sent or waited for later, when the browser $how", async ({ reason, failPipe }) => {
    const { pipe, fromBrowser } = connectedPipe();
    const pending = pipe.send("Browser.getVersion");
    const navigated = pipe.next("Page.frameNavigated");
    failPipe(fromBrowser);
    await expect(pending).rejects.toThrow(`Chromium refused Browser.getVersion: ${reason}`);
    await expect(navigated).rejects.toThrow(`Chromium refused Page.frameNavigated: ${reason}`);
    const sentAfter = pipe.send("Browser.close");
    await expect(sentAfter).rejects.toThrow(DevToolsCommandError);
    await expect(sentAfter).rejects.toThrow(reason);
    await expect(pipe.next("Tracing.tracingComplete")).rejects.toThrow(DevToolsCommandError);
  });
});
