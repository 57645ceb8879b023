/** search_text: lines containing a text, in the files inside the chosen folder (read-only). */
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { defineTool, type Tool } from "../../agent";
import { displayPath, isInside, type FolderGuard } from "./folder-guard";
import { looksBinary, SKIPPED_FOLDERS, TOOL_LIMITS } from "./limits";

const input = z.object({
  query: z.string().min(1).max(1_000).describe("The text to find."),
  path: z.string().max(4096).default(".").describe('Folder or file to search, relative to the chosen folder. Default ".".'),
  caseSensitive: z.boolean().default(false).describe("Match upper and lower case exactly. Default false."),
});

export function searchTextTool(guard: FolderGuard): Tool {
  return defineTool({
    name: "search_text",
    description:
      "Find the lines that contain `query` (plain text, not a pattern) in the text files under `path` (relative to the " +
      `folder the person chose, default "."). Returns "file:line: text", at most ${TOOL_LIMITS.searchMatches} lines.`,
    input,
    async run({ query, path: requested, caseSensitive }, { signal }) {
      const { root, real } = await guard.existing(requested);
      const needle = caseSensitive ? query : query.toLowerCase();
      const matches: string[] = [];
      let filesSeen = 0;
      let limited = false;
      const queue = [real];
      while (queue.length > 0 && !limited) {
        signal.throwIfAborted();
        const current = queue.shift()!;
        const stat = await fs.lstat(current);
        if (stat.isDirectory()) {
          const entries = await fs.readdir(current, { withFileTypes: true });
          entries.sort((a, b) => a.name.localeCompare(b.name));
          // Links are not followed: they could lead outside the folder.
          for (const entry of entries) {
            if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) queue.push(path.join(current, entry.name));
            else if (entry.isFile()) queue.push(path.join(current, entry.name));
          }
          continue;
        }
        if (!stat.isFile() || stat.size > TOOL_LIMITS.searchFileBytes || !isInside(root, current)) continue;
        if (++filesSeen > TOOL_LIMITS.searchFiles) {
          limited = true;
          break;
        }
        const bytes = await fs.readFile(current);
        if (looksBinary(bytes)) continue;
        const lines = bytes.toString("utf8").split(/\r?\n/);
        for (let i = 0; i < lines.length; i++) {
          const line = caseSensitive ? lines[i] : lines[i].toLowerCase();
          if (!line.includes(needle)) continue;
          matches.push(`${displayPath(root, current)}:${i + 1}: ${lines[i].trim().slice(0, 300)}`);
          if (matches.length >= TOOL_LIMITS.searchMatches) {
            limited = true;
            break;
          }
        }
      }
      if (matches.length === 0) return `No line contains "${query}".`;
      if (limited) matches.push("(search stopped at its limit; narrow the path or the query)");
      return matches.join("\n");
    },
  });
}
