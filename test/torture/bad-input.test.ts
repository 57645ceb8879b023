/**
 * Regressions found by the bad-input scenario: inputs that end in a bare or misleading
 * error instead of a clear refusal (or a faithful save).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, FileStore, InvalidStateIdError, SqliteStore, State, StateNotFoundError } from "../../src/main/agent";
import { assistantEntry, makeSnapshot, userEntry } from "../store/records";

let folder: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
});

afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { deeper: value };
  return value;
}

describe("SqliteStore and ids that are not strings", () => {
  it.each([[{}], [[]], [true], [42], [null]])("load(%j) is refused as an invalid id", async (id) => {
    const store = new SqliteStore(path.join(folder, "c.db"));
    try {
      const error = await store.load(id as unknown as string).catch((e: unknown) => e);
      expect(error instanceof InvalidStateIdError || error instanceof StateNotFoundError).toBe(true);
    } finally {
      store.close();
    }
  });
});

describe("FileStore and the longest valid ids", () => {
  it("saves and loads a 128-character id of capital letters", async () => {
    const store = new FileStore(folder);
    const id = "Z".repeat(128);
    const agent = new Agent({ model: "claude-sonnet-4-6", store });
    await agent.save(new State("the longest id", { id }));
    expect((await store.load(id)).task).toBe("the longest id");
  });
});

describe("data nested deeper than a stack can walk", () => {
  it("is refused with a TypeError naming state.data, not a stack overflow", async () => {
    const store = new SqliteStore(path.join(folder, "c.db"));
    try {
      const agent = new Agent({ model: "claude-sonnet-4-6", store });
      const error = await agent.save(new State("deep data", { data: nested(200_000) })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).toContain("state.data");
    } finally {
      store.close();
    }
  });
});

describe("SqliteStore and JSON deeper than SQLite's JSON functions read (1,000 levels)", () => {
  it("renames a State whose data is nested 2,000 deep (the Agent saved it without complaint)", () => {
    const store = new SqliteStore(path.join(folder, "c.db"));
    try {
      store.write("deep", [userEntry(0, "hello")], makeSnapshot("deep", { entryCount: 1, data: nested(2_000) }), { create: true });
      expect(store.rename("deep", "A new title").title).toBe("A new title");
    } finally {
      store.close();
    }
  });

  it("saves a model turn whose tool input is nested 1,200 deep, as FileStore does", () => {
    const store = new SqliteStore(path.join(folder, "c.db"));
    try {
      store.write("deep", [userEntry(0, "hello")], makeSnapshot("deep", { entryCount: 1 }), { create: true });
      const turn = assistantEntry(1, "calling", { id: "toolu_1", name: "note", input: nested(1_200) });
      store.write("deep", [turn], makeSnapshot("deep", { entryCount: 2 }), { create: false });
      expect(store.read("deep")?.entries).toHaveLength(2);
    } finally {
      store.close();
    }
  });
});
