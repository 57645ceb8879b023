/**
 * A process killed in the middle of an import (SIGKILL, at several points): importing the
 * same file again leaves exactly what one clean import leaves, every conversation whole.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeChatgptExport } from "../../../bench/lib/chatgpt-export-file";
import { exportText } from "../../../src/main/service/transfer/export-file";
import { importFile } from "../../../src/main/service/transfer/import-file";
import { openStore, tempFolder } from "./tree-fixtures";

let folder: string;
let file: string;
let clean: string;

beforeAll(async () => {
  folder = tempFolder();
  file = path.join(folder, "conversations.json");
  await writeChatgptExport(file, 600 * 1024, 6, 300);
  const store = openStore(folder, "clean.db");
  await importFile(store, file);
  clean = await exportText(store, { scope: "all", format: "json" });
  store.close();
}, 60_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Runs the import in a child and kills it once it has said `imported <after>`. */
function importAndKill(database: string, after: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "import-kill-child.ts"), file, database], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes(`imported ${after}\n`)) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("exit", () => resolve());
  });
}

describe("an import killed midway", () => {
  it("imported again, ends exactly as a clean import", async () => {
    for (const after of [1, 7, 20]) {
      const database = path.join(folder, `killed-${after}.db`);
      await importAndKill(database, after);
      const store = openStore(folder, path.basename(database));
      expect(store.listConversations({}).length).toBeGreaterThanOrEqual(after);
      const report = await importFile(store, file);
      expect(report.error).toBeNull();
      expect(await exportText(store, { scope: "all", format: "json" })).toBe(clean);
      store.close();
    }
  }, 120_000);
});
