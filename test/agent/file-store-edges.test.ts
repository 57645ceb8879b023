/**
 * FileStore at the edges of what a file system and a stack allow: the longest ids
 * (folder names within 255 bytes, ids differing in case kept apart) and JSON nested
 * thousands deep (a clear TypeError, never a stack overflow).
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, FileStore, State } from "../../src/main/agent";
import { folderNameOf, idOfFolderName } from "../../src/main/agent/stores/file/file-store";
import { MAX_JSON_DEPTH } from "../../src/main/agent/state/json-check";
import { assistantEntry, makeSnapshot, userEntry } from "../store/records";
import { makeTempDir, rejectionOf, removeDir } from "./helpers";

let dir: string;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => removeDir(dir));

function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { deeper: value };
  return value;
}

const LONG_IDS = ["Z".repeat(128), `${"Z".repeat(127)}z`, `z${"Z".repeat(127)}`, "Q".repeat(127), "a".repeat(128)];

describe("FileStore folder names", () => {
  it("stay within 255 bytes, come back to their id, and differ for ids that differ only in case", () => {
    const lowered = new Set<string>();
    for (const id of [...LONG_IDS, "Trip-Lisbon", "CON", "con", "-"]) {
      const name = folderNameOf(id);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expect(idOfFolderName(name)).toBe(id);
      lowered.add(name.toLowerCase());
    }
    expect(lowered.size).toBe(LONG_IDS.length + 4);
  });

  it("keeps the short form for every id it fits, so existing stores still open", () => {
    expect(folderNameOf("Q".repeat(127))).toBe("=q".repeat(127));
    expect(folderNameOf("Z".repeat(128))).toBe(`${"z".repeat(128)}~${"f".repeat(32)}`);
  });

  it("saves, lists, loads and deletes States with the longest ids", async () => {
    const store = new FileStore(dir);
    const agent = new Agent({ model: "claude-sonnet-4-6", store });
    for (const id of LONG_IDS) await agent.save(new State(`task ${id.slice(0, 3)}`, { id }));
    expect((await store.list()).map((info) => info.id).sort()).toEqual([...LONG_IDS].sort());
    for (const id of LONG_IDS) expect((await store.load(id)).id).toBe(id);
    for (const id of LONG_IDS) await store.delete(id);
    expect(await store.list()).toEqual([]);
    expect(readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)).toEqual([]);
  });

  it("does not list a State twice for a stray folder whose name decodes to its id", async () => {
    const store = new FileStore(dir);
    await new Agent({ model: "claude-sonnet-4-6", store }).save(new State("task", { id: "abc" }));
    mkdirSync(join(dir, "abc~"));
    expect((await store.list()).map((info) => info.id)).toEqual(["abc"]);
  });
});

describe("JSON nested deep", () => {
  it(`saves and loads data nested ${MAX_JSON_DEPTH} deep, and refuses one level more naming state.data`, async () => {
    const store = new FileStore(dir);
    const agent = new Agent({ model: "claude-sonnet-4-6", store });
    await agent.save(new State("deep", { id: "deep", data: nested(MAX_JSON_DEPTH - 1) }));
    expect(JSON.stringify((await store.load("deep")).data)).toBe(JSON.stringify(nested(MAX_JSON_DEPTH - 1)));
    const error = await rejectionOf(agent.save(new State("deeper", { id: "deeper", data: { top: nested(MAX_JSON_DEPTH) } })));
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toContain("state.data is nested more than");
    expect(String(error)).toContain("state.data.top.deeper");
    expect(readdirSync(dir)).not.toContain("deeper");
  });

  it("refuses a history entry too deep for JSON.stringify with a TypeError naming the entry", async () => {
    const store = new FileStore(dir);
    await store.write("tool", [userEntry(0, "hello")], makeSnapshot("tool", { entryCount: 1 }), { create: true });
    const turn = assistantEntry(1, "calling", { id: "toolu_1", name: "note", input: nested(100_000) });
    const error = await rejectionOf(store.write("tool", [turn], makeSnapshot("tool", { entryCount: 2 }), { create: false }));
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toContain("History entry 1 is nested too deep");
    expect((await store.read("tool"))?.entries).toHaveLength(1);
  });
});
