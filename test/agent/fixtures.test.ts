/**
 * Frozen FileStore folders of format version 1 (test/fixtures/file-store/, written once by
 * make-fixtures.ts and never regenerated): each is copied to a temporary folder, loaded
 * and listed, and the finished and killed ones are run further against the scripted model
 * server. Damaged or newer ones are refused with an error naming the file, and left
 * byte-for-byte as they were.
 */
import { createHash } from "node:crypto";
import { chmodSync, cpSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Agent, FileStore, SNAPSHOT_VERSION, SchemaTooNewError, StoreCorruptError, UNKNOWN_RESULT_TEXT, type NoticeEntry, type Tool, type ToolResultEntry } from "../../src/main/agent";
import { folderNameOf, idOfFolderName } from "../../src/main/agent/stores/file/file-store";
import { FIXTURE_MODEL, FIXTURE_SYSTEM, FIXTURE_TOOL_SPECS } from "../fixtures/file-store/fixture-agent";
import { sentMessages, type ModelServer } from "../support/model-server";
import { EventLog, clientFor, rejectionOf, useModelServerAndTempDir } from "./helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/file-store/", import.meta.url));

let server: ModelServer;
let dir: string;
useModelServerAndTempDir((started, folder) => {
  server = started;
  dir = folder;
});

/** A copy of one frozen store folder, with the owner-only modes the store writes. */
function copyFixture(name: string): string {
  const target = join(dir, name);
  cpSync(join(FIXTURES, name), target, { recursive: true });
  const walk = (folder: string): void => {
    chmodSync(folder, 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else chmodSync(path, 0o600);
    }
  };
  walk(target);
  return target;
}

/** Every file under `folder`: relative path -> sha256 of its bytes. */
function treeHashes(folder: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else hashes[relative(folder, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(folder);
  return hashes;
}

/** The fixture Agent's tools; each counts its runs (a loaded call must never be run again). */
function fixtureTools(): { tools: Tool[]; runs: Record<string, number> } {
  const runs: Record<string, number> = {};
  const tools = FIXTURE_TOOL_SPECS.map((spec) => ({
    ...spec,
    run: () => {
      runs[spec.name] = (runs[spec.name] ?? 0) + 1;
      return `${spec.name} ran`;
    },
  }));
  return { tools, runs };
}

function fixtureAgent(store: FileStore, tools: Tool[]): Agent {
  return new Agent({ model: FIXTURE_MODEL, system: FIXTURE_SYSTEM, store, tools, client: clientFor(server) });
}

const POSITIVE: { store: string; id: string; folder: string }[] = [
  { store: "finished", id: "Trip-Lisbon", folder: "=trip-=lisbon" },
  { store: "killed-mid-tool", id: "Send-Report", folder: "=send-=report" },
  { store: "torn-last-line", id: "Torn-Append", folder: "=torn-=append" },
  { store: "half-saved-compaction", id: "Compacted-Then-Killed", folder: "=compacted-=then-=killed" },
  { store: "waiting-on-ask", id: "Ask-Colour", folder: "=ask-=colour" },
];

describe("frozen FileStore fixtures, format version 1", () => {
  it("are named the way the store names folders (uppercase letters encoded)", () => {
    for (const { store, id, folder } of POSITIVE) {
      expect(folderNameOf(id)).toBe(folder);
      expect(idOfFolderName(folder)).toBe(id);
      expect(readdirSync(join(FIXTURES, store)).filter((n) => statSync(join(FIXTURES, store, n)).isDirectory())).toEqual([folder]);
      const snapshot = JSON.parse(readFileSync(join(FIXTURES, store, folder, "snapshot.json"), "utf8"));
      expect(snapshot).toMatchObject({ version: 1, id });
      expect(readFileSync(join(FIXTURES, store, folder, "entries.jsonl"), "utf8").split("\n")[0]).toBe('{"format":"alpine-history","version":1}');
    }
    // Versions 2 (branches) and 3 (sealed questions and answers) read these as they are; format 1 folders are moved to format 2 on opening (file-store-format.test.ts).
    expect(SNAPSHOT_VERSION).toBe(3);
  });

  it("(a) a finished conversation loads, lists, and continues with an unchanged Agent", async () => {
    const root = copyFixture("finished");
    const frozenHistory = readFileSync(join(root, "=trip-=lisbon", "entries.jsonl"), "utf8");
    const store = new FileStore(root);
    expect(await store.list()).toEqual([
      {
        id: "Trip-Lisbon",
        task: "Find a hotel in Lisbon for two nights",
        title: "Find a hotel in Lisbon for two nights",
        createdAt: "2025-05-01T09:00:00.000Z",
        updatedAt: "2025-05-01T09:00:08.000Z",
        stoppedBy: "end_turn",
        entryCount: 4,
        conversationId: "Trip-Lisbon",
        parent: null,
      },
    ]);
    const state = await store.load("Trip-Lisbon");
    expect(state.history.map((e) => [e.seq, e.kind, e.text])).toEqual([
      [0, "user", "Find a hotel in Lisbon for two nights"],
      [1, "assistant", "Let me look that up."],
      [2, "tool_result", "Casa do Largo: 2 rooms free, 95 EUR a night."],
      [3, "assistant", "Casa do Largo in Alfama has rooms free at 95 EUR a night."],
    ]);
    expect(state.history.every((e) => e.error === null)).toBe(true);
    expect((state.history[2] as ToolResultEntry).status).toBe("done");
    expect(state).toMatchObject({ stoppedBy: "end_turn", pendingAsk: null, answeredAsk: null, data: { budget: 200 }, excluded: [] });

    const { tools, runs } = fixtureTools();
    const log = new EventLog();
    state.addUserMessage("Is there a restaurant nearby?");
    server.script({ text: "Try Taberna da Rua, two streets away." });
    expect(await fixtureAgent(store, tools).run(state, { onEvent: log.onEvent })).toBe("Try Taberna da Rua, two streets away.");
    expect(log.ofType("warning")).toEqual([]); // the Agent that saved it: no ResumeWarning
    expect(runs).toEqual({});
    expect(server.requests).toHaveLength(1);
    expect(sentMessages(server.requests[0])).toEqual([
      { role: "user", content: [{ type: "text", text: "Find a hotel in Lisbon for two nights" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me look that up." },
          { type: "tool_use", id: "toolu_fixture_lookup_1", name: "lookup", input: { query: "hotels in Alfama" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_fixture_lookup_1", content: "Casa do Largo: 2 rooms free, 95 EUR a night." }] },
      { role: "assistant", content: [{ type: "text", text: "Casa do Largo in Alfama has rooms free at 95 EUR a night." }] },
      { role: "user", content: [{ type: "text", text: "Is there a restaurant nearby?" }] },
    ]);

    // The old lines stay as they were; the new ones follow them.
    expect(readFileSync(join(root, "=trip-=lisbon", "entries.jsonl"), "utf8").startsWith(frozenHistory)).toBe(true);
    const again = await new FileStore(root).load("Trip-Lisbon");
    expect(again.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "assistant", "user", "assistant"]);
    expect(again.stoppedBy).toBe("end_turn");
    expect((await store.list())[0]).toMatchObject({ id: "Trip-Lisbon", entryCount: 6, stoppedBy: "end_turn" });
  });

  it("(b) one killed while a tool ran gets the unknown result, and the model is told exactly that", async () => {
    const root = copyFixture("killed-mid-tool");
    const store = new FileStore(root);
    expect(await store.list()).toMatchObject([{ id: "Send-Report", stoppedBy: null, entryCount: 3 }]);
    const state = await store.load("Send-Report");
    expect(state.history.map((e) => [e.seq, e.kind])).toEqual([
      [0, "user"],
      [1, "assistant"],
      [2, "tool_result"],
      [3, "tool_result"],
    ]);
    expect(state.history[2]).toMatchObject({ callId: "toolu_fixture_lookup_2", name: "lookup", status: "done", text: "April: 1200 units sold." });
    expect(state.history[3]).toMatchObject({ callId: "toolu_fixture_email_2", name: "send_email", status: "unknown", text: UNKNOWN_RESULT_TEXT });
    expect(state).toMatchObject({ stoppedBy: null, pendingAsk: null });

    const { tools, runs } = fixtureTools();
    server.script({ text: "I could not confirm the email to Ana was sent; please check your outbox." });
    expect(await fixtureAgent(store, tools).run(state)).toBe("I could not confirm the email to Ana was sent; please check your outbox.");
    expect(runs).toEqual({}); // send_email is not run again
    expect(server.requests).toHaveLength(1);
    expect(sentMessages(server.requests[0]).at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_fixture_lookup_2", content: "April: 1200 units sold." },
        { type: "tool_result", tool_use_id: "toolu_fixture_email_2", content: UNKNOWN_RESULT_TEXT, is_error: true },
      ],
    });
    const again = await new FileStore(root).load("Send-Report");
    expect(again.history.map((e) => e.kind)).toEqual(["user", "assistant", "tool_result", "tool_result", "assistant"]);
    expect(again.history[3]).toMatchObject({ status: "unknown", text: UNKNOWN_RESULT_TEXT });
    expect(again.stoppedBy).toBe("end_turn");
  });

  it("(c) a torn last line (a kill mid-append) loads every complete entry, and the next save cuts it away", async () => {
    const root = copyFixture("torn-last-line");
    const file = join(root, "=torn-=append", "entries.jsonl");
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(false);
    const store = new FileStore(root);
    expect(await store.list()).toMatchObject([{ id: "Torn-Append", stoppedBy: "end_turn", entryCount: 2 }]);
    const state = await store.load("Torn-Append");
    expect(state.history.map((e) => [e.kind, e.text])).toEqual([
      ["user", "What is the capital of Portugal?"],
      ["assistant", "Lisbon."],
    ]);
    expect(state).toMatchObject({ stoppedBy: "end_turn", pendingAsk: null });

    state.addUserMessage("And of Spain?");
    await fixtureAgent(store, fixtureTools().tools).save(state);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines.slice(1).map((l) => l.split("\t")[0]).map((l) => [JSON.parse(l).seq, JSON.parse(l).text])).toEqual([
      [0, "What is the capital of Portugal?"],
      [1, "Lisbon."],
      [2, "And of Spain?"],
    ]);
  });

  it("(d) a half-written save ending after a compaction continues from the last complete save, naming the calls", async () => {
    const root = copyFixture("half-saved-compaction");
    const store = new FileStore(root);
    expect(await store.list()).toMatchObject([{ id: "Compacted-Then-Killed", stoppedBy: null, entryCount: 4 }]);
    const state = await store.load("Compacted-Then-Killed");
    expect(state.history.map((e) => [e.seq, e.kind])).toEqual([
      [0, "user"],
      [1, "assistant"],
      [2, "tool_result"],
      [3, "assistant"],
      [4, "tool_result"],
      [5, "tool_result"],
      [6, "compaction"],
      [7, "tool_result"],
      [8, "tool_result"],
      [9, "notice"],
    ]);
    expect(state.excluded).toEqual([[4, 6]]);
    expect(state.history[7]).toMatchObject({ callId: "toolu_fixture_hotel_3", name: "book_hotel", status: "unknown", text: UNKNOWN_RESULT_TEXT });
    expect(state.history[8]).toMatchObject({ callId: "toolu_fixture_email_3", name: "send_email", status: "unknown", text: UNKNOWN_RESULT_TEXT });
    const notice = state.history[9] as NoticeEntry;
    expect(notice.calls).toEqual([
      { id: "toolu_fixture_hotel_3", name: "book_hotel" },
      { id: "toolu_fixture_email_3", name: "send_email" },
    ]);
    expect(notice.text).toBe(
      "The steps after seq 3 were not completely saved and are left out of this conversation. " +
        "These tool calls may or may not have run: book_hotel (call toolu_fixture_hotel_3), send_email (call toolu_fixture_email_3). " +
        "Check whether they took effect before relying on them or running them again.",
    );
    expect(state).toMatchObject({ stoppedBy: null, pendingAsk: null });

    // The model does not see the unsaved steps (nor the compaction's summary), only what the notice says.
    const { tools, runs } = fixtureTools();
    server.script({ text: "Let me check whether the hotel was booked." });
    await fixtureAgent(store, tools).run(state);
    expect(runs).toEqual({});
    const sent = JSON.stringify(server.requests[0].body);
    expect(sent).not.toContain("RB-2291");
    expect(sent).not.toContain("Hotel Ribeira booked, Ana told");
    expect(sentMessages(server.requests[0]).at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_fixture_hotel_3", content: UNKNOWN_RESULT_TEXT, is_error: true },
        { type: "tool_result", tool_use_id: "toolu_fixture_email_3", content: UNKNOWN_RESULT_TEXT, is_error: true },
        { type: "text", text: `(notice: ${notice.text})` },
      ],
    });
    expect((await new FileStore(root).load("Compacted-Then-Killed")).history).toHaveLength(11); // history keeps every saved entry
  });

  it("(e) one waiting on an ask loads with its open question, and the answer continues it", async () => {
    const root = copyFixture("waiting-on-ask");
    const store = new FileStore(root);
    expect(await store.list()).toMatchObject([{ id: "Ask-Colour", stoppedBy: "ask", entryCount: 2 }]);
    const state = await store.load("Ask-Colour");
    expect(state.history.map((e) => e.kind)).toEqual(["user", "assistant"]); // an open question is not an unknown result
    expect(state.stoppedBy).toBe("ask");
    expect(state.pendingAsk).toEqual({ callId: "toolu_fixture_ask_5", question: "Which colour?", choices: ["white", "green"] });

    state.addUserMessage("green");
    server.script({ text: "Green it is." });
    expect(await fixtureAgent(store, fixtureTools().tools).run(state)).toBe("Green it is.");
    expect(sentMessages(server.requests[0]).at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_fixture_ask_5", content: "green" }],
    });
  });
});

describe("frozen FileStore fixtures that must be refused and left unchanged", () => {
  async function refusal(storeName: string, id: string): Promise<{ error: any; root: string; folder: string }> {
    const root = copyFixture(storeName);
    const folder = join(root, folderNameOf(id));
    // Opening moves the format 1 folder to format 2 (store-format.ts); the load that is refused changes nothing more.
    const store = new FileStore(root);
    const before = treeHashes(root);
    const error = await rejectionOf(store.load(id));
    expect(treeHashes(root)).toEqual(before); // same files, same bytes, nothing new

    // list() still shows it (so the app can say why it does not open) and does not touch its folder.
    const stateBefore = treeHashes(folder);
    expect((await new FileStore(root).list()).map((info) => info.id)).toEqual([id]);
    expect(treeHashes(folder)).toEqual(stateBefore);
    expect(treeHashes(folder)).toEqual(treeHashes(join(FIXTURES, storeName, folderNameOf(id))));
    return { error, root, folder };
  }

  it("(f) a snapshot from a newer version: SchemaTooNewError naming the file", async () => {
    const { error, folder } = await refusal("newer-snapshot", "From-The-Future");
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toMatchObject({ path: join(folder, "snapshot.json"), found: 99, supported: SNAPSHOT_VERSION });
    expect(error.message).toContain(join(folder, "snapshot.json"));
    expect(error.message).toMatch(/left unchanged: update Alpine/);
  });

  it("(f) history from a newer version: SchemaTooNewError naming the file", async () => {
    const { error, folder } = await refusal("newer-history", "Future-History");
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toMatchObject({ path: join(folder, "entries.jsonl"), found: 2, supported: 1 });
  });

  it("(g) a garbled snapshot: StoreCorruptError naming the file", async () => {
    const { error, folder } = await refusal("garbled-snapshot", "Garbled-Snapshot");
    expect(error).toBeInstanceOf(StoreCorruptError);
    expect(error.path).toBe(join(folder, "snapshot.json"));
    expect(error.message).toContain(`${join(folder, "snapshot.json")} cannot be read (it is not valid JSON)`);
  });

  it("(h) a garbled entry line in the middle: StoreCorruptError naming the file and the line", async () => {
    const { error, folder } = await refusal("garbled-entry", "Garbled-Entry");
    expect(error).toBeInstanceOf(StoreCorruptError);
    expect(error.path).toBe(join(folder, "entries.jsonl"));
    expect(error.message).toContain(`${join(folder, "entries.jsonl")} cannot be read (line 3 is not valid JSON)`);
  });
});
