/**
 * Regression (found by the broken-files scenario): a FileStore State whose folder was
 * replaced by a plain file. Loading it fails with an error naming the path; the person
 * must still be able to delete it, and the other States are untouched.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileStore } from "../../src/main/agent";
import { folderNameOf } from "../../src/main/agent/stores/file/file-store";
import { makeSnapshot, userEntry } from "../store/records";

let folder: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-"));
});

afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("a FileStore State whose folder is a file", () => {
  it("fails to load with its path, and can be deleted", async () => {
    const store = new FileStore(folder);
    await store.write("intact", [userEntry(0, "hello")], makeSnapshot("intact", { entryCount: 1 }), { create: true });
    await store.write("broken", [userEntry(0, "hello")], makeSnapshot("broken", { entryCount: 1 }), { create: true });
    const brokenFolder = path.join(folder, folderNameOf("broken"));
    fs.rmSync(brokenFolder, { recursive: true });
    fs.writeFileSync(brokenFolder, "not a folder");

    await expect(store.load("broken")).rejects.toThrow(brokenFolder);
    await store.delete("broken");
    expect(fs.existsSync(brokenFolder)).toBe(false);
    expect((await store.read("intact"))?.entries).toHaveLength(1);
  });
});
