/**
 * state.data holds only JSON values: anything else is refused with a TypeError naming the
 * path, when saving, so before the next model request. Answers: class instances come
 * back as plain objects. Errors: null after loading, their text kept.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, FileStore, State } from "../../src/main/agent";
import { type ModelServer } from "../support/model-server";
import { MODEL, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

const cycle: Record<string, unknown> = { name: "loop" };
cycle.self = cycle;
const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays

const badValues: [string, unknown, string][] = [
  ["a function", { items: [{ when: () => 1 }] }, "state.data.items[0].when is a function"],
  ["a class instance", { where: new Point(1, 2) }, "state.data.where is an instance of class Point"],
  ["a Date", { items: [0, 1, { when: new Date(0) }] }, "state.data.items[2].when is a Date"],
  ["a Map", { index: new Map() }, "state.data.index is a Map"],
  ["a Set", { tags: new Set(["a"]) }, "state.data.tags is a Set"],
  ["a BigInt", { big: 10n }, "state.data.big is a BigInt"],
  ["undefined", { maybe: undefined }, "state.data.maybe is undefined"],
  ["NaN", { ratio: NaN }, "state.data.ratio is NaN"],
  ["Infinity", { limit: -Infinity }, "state.data.limit is -Infinity"],
  ["a cycle", { graph: cycle }, "state.data.graph.self refers back to state.data.graph (a cycle)"],
  ["a Symbol", { s: Symbol("x") }, "state.data.s is a Symbol"],
  ["a sparse array", { list: sparse }, "state.data.list[1] is an empty slot"],
  ["an odd key", { "two words": { f() {} } }, 'state.data["two words"].f is a function'],
];

describe("non-JSON data", () => {
  it.each(badValues)("refuses %s with a TypeError naming its path, before any model request", async (_kind, data, message) => {
    const agent = new Agent({ model: MODEL, client: clientFor(server), store: new FileStore(dir) });
    const state = new State("Task", { data });
    const failure = await rejectionOf(agent.run(state));
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toContain(message);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a bad value added mid-run at the next save, before the next model request", async () => {
    const store = new FileStore(dir);
    server.script({ toolUses: [{ id: "t", name: "remember", input: {} }] });
    const agent = new Agent({
      model: MODEL,
      client: clientFor(server),
      store,
      tools: [
        {
          name: "remember",
          description: "Puts a Date in data.",
          inputSchema: { type: "object" },
          run: (_input, { state }) => {
            state.data.when = new Date(0);
            return "ok";
          },
        },
      ],
    });
    const state = new State<Record<string, unknown>>("Task", { id: "dated" });
    const failure = await rejectionOf(agent.run(state));
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toContain("state.data.when is a Date");
    expect(server.requests).toHaveLength(1);
    expect(state.stoppedBy).toBe("error");
    // Nothing is lost: once the value is fixed, the next save writes everything.
    state.data.when = "1970-01-01";
    await agent.save(state);
    const loaded = await store.load("dated");
    expect(loaded.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "error"]);
    expect(loaded.data).toEqual({ when: "1970-01-01" });
  });
});

describe("after loading", () => {
  it("a finish answer made of class instances comes back as plain objects; error entries keep their text, error null", async () => {
    const store = new FileStore(dir);
    server.script({ toolUses: [{ id: "f", name: "finish", input: { answer: { x: 1, y: 2 } } }] });
    const schema = z.object({ x: z.number(), y: z.number() }).transform((p) => new Point(p.x, p.y));
    const agent = new Agent({ model: MODEL, client: clientFor(server), store, outputSchema: schema });
    const state = new State("Find the point", { id: "pointy", data: { list: [1, "two", null, true, { nested: [] }] } });
    const answer = await agent.run(state);
    expect(answer).toBeInstanceOf(Point);
    const loaded = await store.load("pointy");
    expect(loaded.answer).toEqual({ x: 1, y: 2 });
    expect(Object.getPrototypeOf(loaded.answer)).toBe(Object.prototype);
    expect(loaded.data).toEqual({ list: [1, "two", null, true, { nested: [] }] });

    server.script({ error: { status: 400, type: "invalid_request_error", message: "bad request" } });
    loaded.addUserMessage("again");
    const failure = await rejectionOf(agent.run(loaded));
    const entry = loaded.history.at(-1)!;
    expect(entry.kind).toBe("error");
    expect(entry.error).toBe(failure);
    const again = await store.load("pointy");
    const reloaded = again.history.at(-1)!;
    expect(reloaded.error).toBeNull();
    expect(reloaded.text).toMatch(/^BadRequestError: 400 .*bad request/);
    expect(reloaded).toMatchObject({ kind: "error", name: "BadRequestError" });
  });
});
