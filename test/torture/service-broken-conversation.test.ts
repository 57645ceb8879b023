/**
 * Broken files, as the app's service meets them at start: one damaged conversation in
 * the database (the service starts, lists it, reports it as unreadable, and the others
 * open and run as before), and a damaged database file (a clear error naming the file,
 * the file left as it was). Driven through the request dispatcher, as the window does.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore, StoreCorruptError } from "../../src/main/agent";
import { AlpineService } from "../../src/main/service/alpine-service";
import { DATABASE_FILE_NAME } from "../../src/main/service/conversations/conversation-store";
import { createRequestHandlers, dispatchRequest } from "../../src/main/service/request-handlers";
import { MemorySecretKeeper } from "../../src/main/service/settings/secret-keeper";
import type { RequestChannel } from "../../src/shared/ipc-contract";
import { makeSnapshot, userEntry } from "../store/records";

let dataFolder: string;
let database: string;

beforeEach(() => {
  dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
  database = path.join(dataFolder, DATABASE_FILE_NAME);
  const store = new SqliteStore(database);
  for (const id of ["intact", "broken"]) {
    store.write(id, [userEntry(0, `the ${id} one`), userEntry(1, "more")], makeSnapshot(id, { entryCount: 2, task: `the ${id} one` }), { create: true });
  }
  store.close();
});

afterEach(() => fs.rmSync(dataFolder, { recursive: true, force: true }));

function startService() {
  const service = new AlpineService({ dataFolder, secrets: new MemorySecretKeeper("key"), model: { baseURL: "http://127.0.0.1:9", maxRetries: 0 } });
  const handlers = createRequestHandlers(service);
  const request = (channel: RequestChannel, args: unknown) => dispatchRequest(handlers, channel, args);
  return { service, request };
}

describe("the service with one damaged conversation in its database", () => {
  it("starts, lists both, reports the damaged one, and opens the other", async () => {
    const raw = new Database(database);
    raw.prepare("DELETE FROM snapshots WHERE state_id = 'broken'").run();
    raw.close();

    const { service, request } = startService();
    try {
      const list = await request("conversations:list", {});
      expect(list.ok && (list.value as { items: { id: string }[] }).items.map((item) => item.id).sort()).toEqual(["broken", "intact"]);

      const broken = await request("conversations:get", { id: "broken" });
      expect(broken.ok).toBe(true);
      expect((broken as { value: { loadError: string | null } }).value.loadError).toMatch(/broken/);

      const intact = await request("conversations:get", { id: "intact" });
      expect(intact.ok && (intact.value as { loadError: unknown; entries: unknown[] })).toMatchObject({ loadError: null, entries: [{}, {}] });

      expect(await request("conversations:delete", { id: "broken" })).toEqual({ ok: true, value: { deleted: true } });
      expect((await request("app:info", {})).ok).toBe(true);
    } finally {
      await service.shutdown();
    }
  });
});

describe("the service on a damaged database file", () => {
  it("refuses to start with an error naming the file, and leaves the file as it was", () => {
    fs.truncateSync(database, 1000);
    const before = fs.readFileSync(database);
    let thrown: unknown = null;
    try {
      startService();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StoreCorruptError);
    expect(String(thrown)).toContain(database);
    expect(fs.readFileSync(database).equals(before)).toBe(true);
  });
});
