/**
 * A write cannot leave the folder, even in a race: while a child process flips a folder
 * inside the chosen one between the real folder and a link to a folder outside, write_file
 * runs allowed writes for seconds. No file lands outside, no temporary file is left
 * anywhere, and every write that said it was written is inside, where it was meant to be.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { afterEach, expect, it } from "vitest";
import { FolderGuard } from "../../src/main/service/tools/folder-guard";
import { writeFileTool } from "../../src/main/service/tools/write-file";
import { State } from "../../src/main/agent";
import { makeTempDir, removeDir } from "./helpers";

const RACE_MS = 4_000;
let base: string;
afterEach(() => removeDir(base));

function allFiles(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory() && !e.isSymbolicLink()).map((e) => path.join(e.parentPath, e.name));
}

it("a child flipping a folder and a link for seconds: 0 files outside, 0 stray files, every success inside where meant", { timeout: 30_000 }, async () => {
  base = makeTempDir();
  const root = path.join(base, "chosen");
  const outside = path.join(base, "outside");
  fs.mkdirSync(path.join(root, "sub"), { recursive: true });
  fs.mkdirSync(outside);
  const tool = writeFileTool(new FolderGuard(() => root));
  const context = { signal: new AbortController().signal, state: new State("race"), callId: "c", answer: "Allow" };

  const child = spawn(process.execPath, [path.join(__dirname, "children/folder-flipper.mjs"), root, outside, String(RACE_MS)], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  const exited = once(child, "exit");
  let running = true;
  void exited.then(() => (running = false));

  const written: string[] = [];
  let refused = 0;
  for (let i = 0; running; i++) {
    const name = `file-${i}.txt`;
    try {
      const result = await tool.run({ path: `sub/${name}`, content: `content ${i}` }, context);
      expect(result).toMatch(/allowed the write/);
      written.push(name);
    } catch {
      refused++;
    }
  }
  await exited;
  const flips = Number(output.trim().split("\n").at(-1));
  expect(flips).toBeGreaterThan(100); // the race really ran

  expect(allFiles(outside)).toEqual([]);
  const inside = allFiles(root);
  expect(inside.filter((file) => path.basename(file).includes(".tmp"))).toEqual([]);
  // Every success is in the chosen folder's sub, with its content; nothing else is there.
  expect(inside.map((file) => path.relative(root, file)).sort()).toEqual(written.map((name) => path.join("sub", name)).sort());
  for (const name of written) expect(fs.readFileSync(path.join(root, "sub", name), "utf8")).toBe(`content ${name.match(/\d+/)![0]}`);
  expect(written.length + refused).toBeGreaterThan(100);
  console.log(`write race: ${flips} flips, ${written.length} writes proven inside, ${refused} refused`);
});
