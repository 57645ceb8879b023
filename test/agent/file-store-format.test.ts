/**
 * FileStore formats (store-format.ts): a folder of today's format 1 (the frozen fixtures)
 * is moved to format 2 (branches) on opening, after a copy of its list index; its States
 * load, list and branch; a folder of a newer format is refused and left as it was.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileStore, SchemaTooNewError, StoreCorruptError, branchState } from "../../src/main/agent";
import { saveState } from "../../src/main/agent/state/saver";
import { FILE_STORE_VERSION } from "../../src/main/agent/stores/file/store-format";
import { makeTempDir, removeDir } from "./helpers";

const FIXTURES = fileURLToPath(new URL("../fixtures/file-store/", import.meta.url));

let dir: string;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => removeDir(dir));

const hashes = (folder: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path, createHash("sha256").update(readFileSync(path)).digest("hex")];
      }),
  );

describe("FileStore format", () => {
  it("moves a format 1 folder (frozen fixture) to today's format after copying its index; its States load, list and branch", async () => {
    const root = join(dir, "runs");
    cpSync(join(FIXTURES, "finished"), root, { recursive: true });
    const frozenIndex = readFileSync(join(root, "index.jsonl"), "utf8");
    const store = new FileStore(root);
    expect(store.format).toEqual({ from: 1, to: FILE_STORE_VERSION });
    expect(JSON.parse(readFileSync(join(root, "format.json"), "utf8"))).toEqual({ format: "alpine-file-store", version: FILE_STORE_VERSION });
    const backups = readdirSync(root).filter((name) => name.startsWith("index.jsonl.backup-format-1-"));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(root, backups[0]), "utf8")).toBe(frozenIndex);

    expect(await store.listConversations()).toMatchObject([{ id: "Trip-Lisbon", conversationId: "Trip-Lisbon", parent: null, branchCount: 1 }]);
    const trip = await store.load("Trip-Lisbon");
    expect(trip.conversationId).toBe("Trip-Lisbon");
    const branch = branchState(trip, 0, { id: "Trip-Porto", message: "Find a hotel in Porto instead" });
    await saveState(branch, store);
    expect(readFileSync(join(root, "=trip-=porto", "entries.jsonl"), "utf8").split("\n")[0]).toBe('{"format":"alpine-history","version":1,"from":1,"checksums":true}');
    const reopened = new FileStore(root);
    expect(reopened.format).toEqual({ from: FILE_STORE_VERSION, to: FILE_STORE_VERSION });
    expect((await reopened.load("Trip-Porto")).history.map((e) => e.text)).toEqual(["Find a hotel in Lisbon for two nights", "Find a hotel in Porto instead"]);
    expect(await reopened.listConversations()).toMatchObject([{ conversationId: "Trip-Lisbon", id: "Trip-Porto", branchCount: 2 }]);
  });

  it("refuses a folder of a newer format and leaves it as it was", async () => {
    const root = join(dir, "runs");
    cpSync(join(FIXTURES, "finished"), root, { recursive: true });
    writeFileSync(join(root, "format.json"), `{"format":"alpine-file-store","version":${FILE_STORE_VERSION + 1}}\n`);
    const before = hashes(root);
    const error = (() => {
      try {
        new FileStore(root);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toMatchObject({ path: join(root, "format.json"), found: FILE_STORE_VERSION + 1, supported: FILE_STORE_VERSION });
    expect(hashes(root)).toEqual(before);
  });

  it("names a garbled format file and changes nothing", () => {
    const root = join(dir, "runs");
    cpSync(join(FIXTURES, "finished"), root, { recursive: true });
    writeFileSync(join(root, "format.json"), "{not json");
    const before = hashes(root);
    expect(() => new FileStore(root)).toThrow(StoreCorruptError);
    expect(hashes(root)).toEqual(before);
    expect(existsSync(join(root, "index.jsonl"))).toBe(true);
  });

  it("moves a format 2 folder (frozen fixture) to format 3 after copying its index: old lines and snapshots read as they are, new ones carry checksums", async () => {
    const root = join(dir, "runs");
    cpSync(join(FIXTURES, "..", "file-store-format-2"), root, { recursive: true });
    const frozenIndex = readFileSync(join(root, "index.jsonl"), "utf8");
    const store = new FileStore(root);
    expect(store.format).toEqual({ from: 2, to: 3 });
    expect(JSON.parse(readFileSync(join(root, "format.json"), "utf8"))).toEqual({ format: "alpine-file-store", version: 3 });
    const backups = readdirSync(root).filter((name) => name.startsWith("index.jsonl.backup-format-2-"));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(root, backups[0]), "utf8")).toBe(frozenIndex);

    const walk = await store.load("Format-Two");
    expect(walk.history.map((e) => e.text)).toEqual(["Plan a walk in the Alps", "Start at Zermatt and walk to the Hörnli hut.", "Something shorter?", "Take the Five Lakes walk: 9 km."]);
    expect((await store.load("Format-Two-b")).history.map((e) => e.text)).toEqual(["Plan a walk in the Alps", "Start at Zermatt and walk to the Hörnli hut.", "And in winter?"]);
    expect(await store.listConversations()).toMatchObject([{ conversationId: "Format-Two", id: "Format-Two-b", branchCount: 2 }]);

    // A save appends a checksummed line to the old file and rewrites the snapshot with its checksum.
    walk.addUserMessage("One more idea?");
    await saveState(walk, store);
    const lines = readFileSync(join(root, "=format-=two", "entries.jsonl"), "utf8").trimEnd().split("\n");
    expect(lines[0]).toBe('{"format":"alpine-history","version":1}');
    expect(lines.slice(1, 5).every((line) => !line.includes("\t"))).toBe(true);
    expect(lines[5]).toMatch(/"One more idea\?".*\t[0-9a-f]{8}$/);
    expect(readFileSync(join(root, "=format-=two", "snapshot.json"), "utf8")).toMatch(/^[0-9a-f]{8}\t\{.*\}\n$/);
    expect((await new FileStore(root).load("Format-Two")).history).toHaveLength(5);

    // Noise inside a text of a checksummed line still parses as JSON: it is named, not read.
    const file = join(root, "=format-=two", "entries.jsonl");
    writeFileSync(file, readFileSync(file, "utf8").replace("One more idea?", "One more idea!"));
    const failure = await new FileStore(root).load("Format-Two").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreCorruptError);
    expect((failure as Error).message).toContain(file);
    expect((failure as Error).message).toContain("line 6 does not match its checksum");
  });

  it("names a snapshot whose checksum fails, and one that names another State", async () => {
    const root = join(dir, "runs");
    const store = new FileStore(root);
    cpSync(join(FIXTURES, "..", "file-store-format-2", "=format-=two"), join(root, "=format-=two"), { recursive: true });
    const walk = await store.load("Format-Two");
    walk.addUserMessage("Again");
    await saveState(walk, store);
    const snapshot = join(root, "=format-=two", "snapshot.json");
    const text = readFileSync(snapshot, "utf8");
    writeFileSync(snapshot, text.replace("Plan a walk", "Plan a talk"));
    await expect(new FileStore(root).load("Format-Two")).rejects.toThrow(/snapshot\.json.*does not match its checksum/);
    // Cut short anywhere, even right after its JSON, it keeps its checksum and fails it.
    writeFileSync(snapshot, text.slice(0, text.length - 2));
    await expect(new FileStore(root).load("Format-Two")).rejects.toThrow(/does not match its checksum/);
    writeFileSync(snapshot, text.split("\t")[1].replace('"id":"Format-Two"', '"id":"Format-Twx"'));
    await expect(new FileStore(root).load("Format-Two")).rejects.toThrow(/names State "Format-Twx", not "Format-Two"/);
  });
});
