/**
 * extraTools: tools offered besides the built-in ones run like them. The tests' slow
 * tool records each start and stops when its run is aborted.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { State } from "../../src/main/agent/state/state";
import type { ConversationView } from "../../src/shared/view-types";
import { readSlowLookupStarts, SLOW_LOOKUP_TOOL, slowLookupTool } from "../support/slow-lookup-tool";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";
import { withoutCacheControl } from "../support/model-server";

let fixture: ServiceFixture | null = null;
let folder: string;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
  removeDir(folder);
});

function marker(): string {
  folder = makeTempDir();
  return path.join(folder, "starts.jsonl");
}

describe("extra tools", () => {
  it("are offered with the built-in tools, and their results reach the model", async () => {
    const starts = marker();
    fixture = await openService({ service: { extraTools: [slowLookupTool(starts)] } });
    fixture.model.script({ toolUses: [{ id: "toolu_quick", name: SLOW_LOOKUP_TOOL, input: { ms: 0 } }] }, { text: "Found it." });
    const { id } = await fixture.call("runs:start", { text: "Look it up" });
    expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("end_turn");

    const [first, second] = await fixture.model.waitForRequests(2);
    const offered = first.body.tools.map((tool: { name: string }) => tool.name);
    expect(offered).toEqual(expect.arrayContaining(["list_files", "read_file", "search_text", "write_file", "current_time", SLOW_LOOKUP_TOOL]));
    expect(withoutCacheControl(second.body.messages.at(-1).content)).toContainEqual({ type: "tool_result", tool_use_id: "toolu_quick", content: "Looked it up after 0 ms." });
    expect(readSlowLookupStarts(starts)).toEqual([{ callId: "toolu_quick", ms: 0 }]);
  });

  it("slow_lookup stops when its run is stopped; the call is saved as aborted", async () => {
    const starts = marker();
    fixture = await openService({ service: { extraTools: [slowLookupTool(starts)] } });
    fixture.model.script({ toolUses: [{ id: "toolu_slow", name: SLOW_LOOKUP_TOOL, input: { ms: 600_000 } }] });
    const { id } = await fixture.call("runs:start", { text: "Look it up slowly" });
    await fixture.log.step(id, "tool_start");
    expect(readSlowLookupStarts(starts)).toEqual([{ callId: "toolu_slow", ms: 600_000 }]);
    await fixture.call("runs:stop", { id });
    expect((await fixture.log.step(id, "run_end")).stoppedBy).toBe("aborted");
    const view = await fixture.call<ConversationView>("conversations:get", { id });
    expect(view.entries.filter((entry) => entry.kind === "tool_result")).toMatchObject([{ kind: "tool_result", status: "aborted", text: "(aborted: StoppedByPersonError)" }]);
  });

  it("slow_lookup rejects with the abort reason as soon as the signal fires, and refuses a bad input", async () => {
    const starts = marker();
    const tool = slowLookupTool(starts);
    const controller = new AbortController();
    const running = Promise.resolve(tool.run({ ms: 600_000 }, { signal: controller.signal, state: new State("t"), callId: "toolu_a" }));
    const reason = new Error("stop now");
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await expect(Promise.resolve(tool.run({ ms: -1 }, { signal: new AbortController().signal, state: new State("t"), callId: "toolu_b" }))).rejects.toThrow(
      /slow_lookup takes \{"ms"/,
    );
    expect(fs.readFileSync(starts, "utf8").trim().split("\n")).toHaveLength(1);
  });
});
