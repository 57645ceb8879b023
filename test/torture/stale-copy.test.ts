/**
 * Regression (found by the race-stale-copy scenario): two copies of one saved State, loaded
 * by two runners. The first runs it; the second is refused with StateBusyError, whose
 * message says to wait for that run to end and run it again. Doing so with the copy it
 * holds must not let the store acknowledge entries it does not keep (the store skips seqs
 * it already has, so a stale copy's entries are dropped in silence while its tools run the
 * whole turn again), and must leave the first runner's history as it was.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";
import { canonicalJson } from "../../torture/canonical-json";
import { conversationReply } from "../../torture/conversation-script";
import { conversationFinished } from "../../torture/conversation-progress";
import { openSession } from "../../torture/session";
import { STORE_KINDS, openStore, storeLocation } from "../../torture/stores";
import { readSideEffects } from "../../torture/side-effects";
import { readAcks } from "../../torture/ack-log";

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

describe.each(STORE_KINDS)("a stale copy of a State run after the first runner ended, on %s", (kind) => {
  it("is refused or brought up to date; the store never drops an acknowledged entry", async () => {
    const location = storeLocation(kind, path.join(folder, kind));
    const stateId = `stale-${kind}`;
    const sessionIn = (name: string) => {
      const scratch = path.join(folder, `${kind}-${name}`);
      fs.mkdirSync(scratch, { recursive: true });
      return openSession({ stateId, scratch, modelUrl: server.url, rounds: 1, turns: 1, contextBudget: null, store: openStore(kind, location) });
    };
    const one = sessionIn("one");
    const two = sessionIn("two");
    try {
      await one.agent.save(one.state);
      const copyOne = await one.store.load(stateId);
      const copyTwo = await two.store.load(stateId); // stale once runner one has run
      await one.agent.run(copyOne);
      expect(conversationFinished(copyOne.history, copyOne.stoppedBy, 1)).toBe(true);
      const kept = (await one.store.read(stateId))!.entries.map(canonicalJson);

      await two.agent.run(copyTwo).catch(() => undefined);

      const stored = (await one.store.read(stateId))!.entries;
      expect(stored.slice(0, kept.length).map(canonicalJson)).toEqual(kept);
      for (const ack of readAcks(two.ackFile)) expect(canonicalJson(stored[ack.seq])).toBe(canonicalJson(JSON.parse(ack.json)));
      // The turn runner one finished is not done again.
      expect(readSideEffects(two.sideEffectsFile).filter((effect) => effect.phase === "start")).toEqual([]);
    } finally {
      one.close();
      two.close();
    }
  });
});
