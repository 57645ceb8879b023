/**
 * What a kill left among the attachments is settled before any run goes on, whatever starts
 * it (continue, regenerate, edit, not only a new message), even when the window never said
 * its first screen was shown.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";
import { makeTempDir, openService, removeDir, type ServiceFixture } from "./helpers";

let model: ModelServer | null = null;
let dataFolder = "";
afterEach(async () => {
  await model?.close();
  model = null;
  if (dataFolder) removeDir(dataFolder);
  dataFolder = "";
});

/** A file no conversation refers to, as a kill between storing a file and indexing it leaves. */
function leaveOrphan(folder: string): string {
  const orphan = join(folder, "attachments", "files", "e".repeat(64));
  writeFileSync(orphan, "killed between file and index");
  return orphan;
}

async function runEnd(f: ServiceFixture, id: string, after: number) {
  return f.log.step(id, "run_end", after);
}

it("continue, regenerate and edit each wait for the recovery before the model is asked", async () => {
  model = await startModelServer();
  dataFolder = makeTempDir();
  // The background start never comes in this test: only a run can start the recovery.
  const options = { model, dataFolder, service: { mcpStartDelayMs: 600_000, startMcpServers: false } };
  let f = await openService(options);
  model.script({ text: "First answer" });
  const { id } = await f.call<{ id: string }>("runs:start", { text: "One" });
  await runEnd(f, id, 0);
  model.script({ hang: true, text: "Half a rep" });
  let mark = f.log.count;
  await f.call("runs:send", { id, text: "Two" });
  await f.log.step(id, "text_delta", mark);
  await f.call("runs:stop", { id });
  await f.close();

  const paths: [string, (f: ServiceFixture) => Promise<string>][] = [
    ["continue", async (f) => (await f.call("runs:continue", { id }), id)],
    ["regenerate", async (f) => (await f.call<{ id: string }>("runs:regenerate", { id, seq: 1 })).id],
    ["edit", async (f) => (await f.call<{ id: string }>("runs:edit", { id, seq: 0, text: "Zero" })).id],
  ];
  for (const [name, start] of paths) {
    const orphan = leaveOrphan(dataFolder);
    f = await openService(options);
    const orphanAtRequest: boolean[] = [];
    model.script(() => {
      orphanAtRequest.push(existsSync(orphan));
      return { text: `Answer after ${name}` };
    });
    mark = f.log.count;
    const runId = await start(f);
    expect((await runEnd(f, runId, mark)).stoppedBy, name).toBe("end_turn");
    expect(orphanAtRequest, name).toEqual([false]);
    expect(await f.service.recovered).toEqual({ removed: 1 });
    await f.close();
  }
}, 120_000);
