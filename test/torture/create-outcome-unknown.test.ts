/**
 * Regression (found by the fault sweep): the first save of a new State (create) that
 * reaches the store but reports an error, as a FileStore does when the folder sync after
 * its rename fails, or a network store whose commit landed but whose answer was lost.
 * The seed: "Nothing that failed to save is lost from the State: the next save writes it."
 * The next save must therefore write what is missing, not be refused forever because the
 * id now exists.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";
import { conversationReply } from "../../torture/conversation-script";
import { InjectedStoreFault } from "../../torture/fault-store";
import { storeDiffersFromMemory } from "../../torture/invariants";
import { openSession } from "../../torture/session";
import { STORE_KINDS, openStore, storeLocation } from "../../torture/stores";

let server: ModelServer;
let folder: string;

beforeAll(async () => {
  server = await startModelServer({ fallback: conversationReply({ frameDelayMs: 0, slowMs: 1 }) });
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
});

afterAll(async () => {
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe.each(STORE_KINDS)("a create that landed but reported an error, on %s", (kind) => {
  it("is written in full by the next save", async () => {
    const session = openSession({
      store: openStore(kind, storeLocation(kind, path.join(folder, kind))),
      stateId: `landed-${kind}`,
      scratch: folder,
      modelUrl: server.url,
      rounds: 1,
      turns: 1,
      contextBudget: null,
      plan: (call) => (call.n === 1 ? "after" : null),
    });
    try {
      await expect(session.agent.run(session.state)).rejects.toBeInstanceOf(InjectedStoreFault);
      await session.agent.save(session.state);
      expect(await storeDiffersFromMemory(session.store, session.state)).toEqual([]);
    } finally {
      session.close();
    }
  });
});
