/**
 * write_file's question tells only what is true: a name over the file system's limit is
 * refused (it was read as "exists" and previewed as a replace), and a link is never
 * previewed or written through.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { State, isPersonAsk } from "../../src/main/agent";
import { FolderGuard } from "../../src/main/service/tools/folder-guard";
import { writeFileTool } from "../../src/main/service/tools/write-file";
import { makeTempDir, removeDir } from "./helpers";

let root: string;
afterEach(() => removeDir(root));

const context = () => ({ signal: new AbortController().signal, state: new State("names"), callId: "c" });

it("a name longer than the file system allows is refused, never previewed as a replace", async () => {
  root = makeTempDir();
  const tool = writeFileTool(new FolderGuard(() => root));
  await expect(tool.run({ path: `${"n".repeat(300)}.txt`, content: "x" }, context())).rejects.toThrow(/longer than the file system allows/);
  const asked = await tool.run({ path: "short.txt", content: "x" }, context());
  expect(isPersonAsk(asked) && asked.question).toMatch(/create the file "short.txt"/);
});

it("a link, or a link in the path, is refused before the question and again when allowed", async () => {
  root = makeTempDir();
  const outside = makeTempDir();
  try {
    fs.symlinkSync(path.join(outside, "target.txt"), path.join(root, "link.txt"));
    const tool = writeFileTool(new FolderGuard(() => root));
    await expect(tool.run({ path: "link.txt", content: "x" }, context())).rejects.toThrow(/symbolic link/);
    await expect(tool.run({ path: "link.txt", content: "x" }, { ...context(), answer: "Allow" })).rejects.toThrow(/symbolic link/);
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.readdirSync(root)).toEqual(["link.txt"]);
  } finally {
    removeDir(outside);
  }
});
