/**
 * Kills at any instant between storing an attachment and saving its message: a child sends
 * file after file through the real service and is SIGKILLed at a different moment each
 * round; after recovery, every file a saved message refers to exists, and every stored file
 * is referred to by a saved message.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { startModelServer } from "../support/model-server";
import { startChild } from "../agent/helpers";
import { makeTempDir, openService, removeDir } from "./helpers";

const CHILD = fileURLToPath(new URL("./children/attach-loop.ts", import.meta.url));

it("after each kill and recovery: no dangling reference, no orphan file", async () => {
  const model = await startModelServer({ fallback: { text: "Read." } });
  const dataFolder = makeTempDir();
  try {
    for (let round = 0; round < 4; round++) {
      const child = startChild(CHILD, { DATA_FOLDER: dataFolder, MODEL_URL: model.url });
      // Let it send a few, then kill it wherever it is: a different moment each round.
      await child.waitForLine((line) => line === `SENT ${1 + round}`, "a few sent files");
      await new Promise<void>((resolve) => setImmediate(resolve));
      child.process.kill("SIGKILL");
      await child.exited;

      const f = await openService({ dataFolder, model });
      await f.service.recovered;
      const referred = new Set<string>();
      for (const info of (await f.service.conversations.list({ offset: 0, limit: 500 })).items) {
        const record = await (f.service as any).store.read(info.id);
        for (const entry of record.entries) for (const ref of entry.attachments ?? []) referred.add(ref.id);
      }
      const files = new Set(readdirSync(join(dataFolder, "attachments", "files")));
      expect([...referred].filter((id) => !files.has(id))).toEqual([]); // no message points to a missing file
      expect([...files].filter((id) => !referred.has(id))).toEqual([]); // no file without a message
      expect(referred.size).toBeGreaterThan(round);
      await f.service.shutdown();
    }
  } finally {
    await model.close();
    removeDir(dataFolder);
  }
}, 180_000);
