/**
 * Broken import files, made on purpose and at random (seeded): each import either goes
 * through or stops with an error naming the file and the first bad record; whatever it
 * stops at, every conversation in the store is whole and loads, and nothing half-imported
 * remains.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqliteStore } from "../../../src/main/agent";
import { exportText } from "../../../src/main/service/transfer/export-file";
import { importFile } from "../../../src/main/service/transfer/import-file";
import type { TransferStore } from "../../../src/main/service/transfer/import-writer";
import { openStore, tempFolder, writeFile, writeTree } from "./tree-fixtures";

let folder: string;
let alpineText: string;
let counter = 0;
const CHATGPT_TEXT = fs.readFileSync(path.join(__dirname, "../../fixtures/transfer/chatgpt-conversations.json"), "utf8");

beforeAll(async () => {
  folder = tempFolder();
  const source = openStore(folder, "source.db");
  await writeTree(source);
  alpineText = await exportText(source, { scope: "all", format: "json" });
  source.close();
});

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Imports `text` into a fresh store and checks that nothing half-imported remains. */
async function importChecked(text: string, label: string, store?: TransferStore & SqliteStore) {
  const db = store ?? openStore(folder, `fuzz-${++counter}.db`);
  const file = writeFile(folder, `${label}-${counter}.json`, text);
  const report = await importFile(db, file);
  const whole = new Map(report.imported.map((c) => [c.id, c.branches]));
  const rows = db.list({});
  const byConversation = new Map<string, number>();
  for (const row of rows) byConversation.set(row.conversationId, (byConversation.get(row.conversationId) ?? 0) + 1);
  expect(Object.fromEntries(byConversation)).toEqual(Object.fromEntries(whole));
  for (const row of rows) await expect(db.load(row.id)).resolves.toBeTruthy();
  if (report.error) expect(report.error).toContain(`Cannot import "${file}"`);
  if (!store) db.close();
  return report;
}

describe("broken import files", () => {
  it("a file truncated anywhere: a clear error, and only whole conversations", async () => {
    const next = random(7);
    for (const text of [alpineText, CHATGPT_TEXT]) {
      for (let i = 0; i < 12; i++) {
        const cut = Math.floor(next() * (text.length - 2)) + 1;
        const report = await importChecked(text.slice(0, cut), "truncated");
        expect(report.error).toMatch(/truncated|not valid JSON|broken|should/);
      }
    }
  });

  it("a value of the wrong type anywhere in a record: a clear error naming that record, or a whole import", async () => {
    const next = random(11);
    const documents = [JSON.parse(alpineText) as { conversations: unknown[] }, { conversations: JSON.parse(CHATGPT_TEXT) as unknown[] }];
    let errors = 0;
    for (let i = 0; i < 30; i++) {
      const alpine = i % 2 === 0;
      const doc = structuredClone(documents[alpine ? 0 : 1]);
      const target = doc.conversations.length - 1;
      const where = mutate(doc.conversations, target, next);
      const text = alpine ? JSON.stringify(doc) : JSON.stringify(doc.conversations);
      const report = await importChecked(text, "wrong-type");
      if (report.error) {
        errors++;
        expect(report.error, `mutation at ${where}`).toContain(`conversation ${target + 1} is broken`);
        expect(report.imported.length).toBe(target);
      }
    }
    expect(errors).toBeGreaterThan(12);
  });

  it("huge strings: a huge text imports, a huge id is refused by name", async () => {
    const doc = JSON.parse(alpineText);
    doc.conversations[0].branches[0].entries[1].text = "x".repeat(12_000_000);
    const fine = await importChecked(JSON.stringify(doc), "huge-text");
    expect(fine.error).toBeNull();
    doc.conversations[1].id = "y".repeat(8_000_000);
    const refused = await importChecked(JSON.stringify(doc), "huge-id");
    expect(refused.error).toMatch(/conversation 2 is broken: id should be 1 to 128 letters/);
    expect(refused.imported.length).toBe(1);
  });

  it("deep nesting: refused by name before it reaches the parser", async () => {
    const doc = JSON.parse(alpineText);
    const text = JSON.stringify(doc).replace('"path":"file-0.txt"', `"path":${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    const report = await importChecked(text, "deep");
    expect(report.error).toMatch(/conversation 1 is broken: it is nested more than 256 levels deep/);
  });

  it("not JSON, not a list, another format, a newer version: each says so", async () => {
    expect((await importChecked("hello", "text")).error).toMatch(/starts with neither/);
    expect((await importChecked('[{"foo": 1}]', "unknown")).error).toMatch(/conversation 1 is broken: it is neither a ChatGPT conversation/);
    expect((await importChecked('{"format":"other","conversations":[]}', "other")).error).toMatch(/not an Alpine export/);
    const newer = alpineText.replace('"version":1,', '"version":99,');
    expect((await importChecked(newer, "newer")).error).toMatch(/newer Alpine \(format version 99/);
  });

  it("a store failing in the middle of a conversation: what it created is removed again", async () => {
    const db = openStore(folder, "failing.db");
    const original = db.write.bind(db);
    let writes = 0;
    db.write = ((...args: Parameters<SqliteStore["write"]>) => {
      if (++writes === 4) throw new Error("disk full");
      return original(...args);
    }) as SqliteStore["write"];
    const report = await importChecked(alpineText, "failing", db);
    expect(report.error).toMatch(/conversation 2 is broken: it could not be saved \(Error: disk full\)/);
    expect(report.imported.map((c) => c.id)).toEqual(["plain"]);
    db.close();
  });
});

/** Replaces one value somewhere in conversation `index` with a value of another type; returns its path. */
function mutate(list: unknown[], index: number, next: () => number): string {
  const paths: { parent: Record<string, unknown> | unknown[]; key: string | number; path: string }[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || typeof value !== "object") return;
    for (const [key, child] of Object.entries(value)) {
      const k = Array.isArray(value) ? Number(key) : key;
      paths.push({ parent: value as Record<string, unknown>, key: k, path: `${path}.${key}` });
      walk(child, `${path}.${key}`);
    }
  };
  walk(list[index], "");
  const pick = paths[Math.floor(next() * paths.length)];
  const old = (pick.parent as Record<string | number, unknown>)[pick.key];
  const replacements = [42, "text", null, [], {}, true].filter((r) => typeof r !== typeof old || Array.isArray(r) !== Array.isArray(old) || (r === null) !== (old === null));
  (pick.parent as Record<string | number, unknown>)[pick.key] = replacements[Math.floor(next() * replacements.length)];
  return pick.path;
}
