/**
 * shutdown(): new work is refused, every run is aborted and saved before it resolves,
 * and the database is closed; the next start shows how each run stopped.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationView } from "../../src/shared/view-types";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
let folder: string | null = null;
afterEach(async () => {
  await fixture?.close();
  if (folder) removeDir(folder);
  folder = null;
});

describe("shutdown", () => {
  it("aborts every run, waits for their saves, then the next start shows them aborted; a write's question stays", async () => {
    folder = makeTempDir();
    fixture = await openService();
    await fixture.call("settings:set", { folder });
    // A write waiting for the person is a question, not a run: shutdown leaves it as it is.
    fixture.model.script({ toolUses: [{ id: "toolu_write", name: "write_file", input: { path: "a.txt", content: "x" } }] });
    const writing = await fixture.call("runs:start", { text: "Write a file" });
    expect((await fixture.log.step(writing.id, "run_end")).stoppedBy).toBe("ask");

    fixture.model.script({ hang: true, text: "Writing a long repl" }, { hang: true, text: "And another lo" });
    const replying = await fixture.call("runs:start", { text: "Reply slowly" });
    await fixture.log.step(replying.id, "text_delta");
    const second = await fixture.call("runs:start", { text: "Reply slowly too" });
    await fixture.log.step(second.id, "text_delta");

    await fixture.service.shutdown();

    // Both runs reported their end before shutdown resolved.
    expect(fixture.log.steps(replying.id, "run_end")).toEqual([expect.objectContaining({ stoppedBy: "aborted" })]);
    expect(fixture.log.steps(second.id, "run_end")).toEqual([expect.objectContaining({ stoppedBy: "aborted" })]);

    const again = fixture.reopen();
    try {
      for (const id of [replying.id, second.id]) {
        const reply = await again.call<ConversationView>("conversations:get", { id });
        expect(reply.summary.stoppedBy).toBe("aborted");
        expect(reply.interruption).toEqual({ kind: "aborted", detail: expect.stringMatching(/because Alpine was quitting/) });
        expect(reply.entries.at(-1)).toMatchObject({ kind: "error", name: "ServiceShuttingDownError" });
      }

      const write = await again.call<ConversationView>("conversations:get", { id: writing.id });
      expect(write.summary.stoppedBy).toBe("ask");
      expect(write.pendingAsk).toMatchObject({ callId: "toolu_write", choices: ["Allow", "Deny"] });
      expect(write.entries.some((e) => e.kind === "tool_result")).toBe(false);
      expect(fs.existsSync(path.join(folder, "a.txt"))).toBe(false);
    } finally {
      await again.close();
    }
  });

  it("refuses new work with a clear error, and is safe to call twice", async () => {
    fixture = await openService();
    const first = fixture.service.shutdown();
    expect(fixture.service.shutdown()).toBe(first);
    await first;
    for (const [channel, args] of [
      ["runs:start", { text: "Hi" }],
      ["runs:continue", { id: "abc" }],
      ["conversations:list", {}],
      ["settings:set", { model: "x" }],
    ] as const) {
      const result = await fixture.request(channel, args);
      expect(result).toEqual({
        ok: false,
        error: { name: "ServiceShuttingDownError", message: expect.stringMatching(/Alpine is shutting down, so this request was not carried out/) },
      });
    }
  });
});
