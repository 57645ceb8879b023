/**
 * The FileStore's list index: `<folder>/index.jsonl`, one line per snapshot write with what
 * list() shows, the last line of an id winning. list() then reads one file and the folder
 * listing instead of one file per State, so it stays fast with tens of thousands of States.
 *
 * The index is only a cache of each State's meta.json: the folder listing says which States
 * exist; a State missing from the index is read from its folder and added; the file is
 * rewritten compactly when it has grown to several lines per State. A line lost to a
 * rewrite racing another process's append is put right by that State's next save.
 */
import { appendFile, open, readFile, rename, unlink } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { FILE_MODE } from "./atomic-file";
import type { SavedStateInfo } from "./snapshot";

export const INDEX_FILE = "index.jsonl";

export async function appendToIndex(folder: string, infos: SavedStateInfo[]): Promise<void> {
  if (infos.length === 0) return;
  // One write call with O_APPEND: lines of concurrent writers do not interleave.
  await appendFile(join(folder, INDEX_FILE), infos.map((info) => `${JSON.stringify(info)}\n`).join(""), { mode: FILE_MODE });
}

/** The newest line of each id, and how many lines the file has. */
export async function readIndex(folder: string): Promise<{ infos: Map<string, SavedStateInfo>; lines: number }> {
  const infos = new Map<string, SavedStateInfo>();
  let text: string;
  try {
    text = await readFile(join(folder, INDEX_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { infos, lines: 0 };
    throw error;
  }
  const lines = text.split("\n");
  lines.pop(); // "" after the last newline, or a torn line
  for (const line of lines) {
    try {
      const info = JSON.parse(line) as SavedStateInfo;
      if (info && typeof info.id === "string" && typeof info.updatedAt === "string") infos.set(info.id, info);
    } catch {
      // a damaged line: that State is read from its folder instead
    }
  }
  return { infos, lines: lines.length };
}

/** Replace the index with one line per State. */
export async function rewriteIndex(folder: string, infos: SavedStateInfo[]): Promise<void> {
  const path = join(folder, INDEX_FILE);
  const temp = `${path}.tmp-${randomBytes(6).toString("hex")}`;
  const handle = await open(temp, "wx", FILE_MODE);
  try {
    await handle.chmod(FILE_MODE);
    await handle.writeFile(infos.map((info) => `${JSON.stringify(info)}\n`).join(""), "utf8");
    await handle.close();
    await rename(temp, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
