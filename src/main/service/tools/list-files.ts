/** list_files: what is in a folder inside the chosen folder (read-only). */
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { defineTool, type Tool } from "../../agent";
import { displayPath, type FolderGuard } from "./folder-guard";
import { SKIPPED_FOLDERS, TOOL_LIMITS } from "./limits";

const input = z.object({
  path: z.string().max(4096).default(".").describe('Folder to list, relative to the chosen folder. Default ".".'),
  recursive: z.boolean().default(false).describe("Also list the contents of subfolders. Default false."),
});

export function listFilesTool(guard: FolderGuard): Tool {
  return defineTool({
    name: "list_files",
    description:
      "List the files and folders in a folder inside the folder the person chose. `path` is relative to that folder " +
      `(default "."); \`recursive\` also lists subfolders. At most ${TOOL_LIMITS.listEntries} entries.`,
    input,
    async run({ path: requested, recursive }, { signal }) {
      const { root, real } = await guard.existing(requested);
      if (!(await fs.stat(real)).isDirectory()) throw new Error(`"${requested}" is a file, not a folder. Use read_file to read it.`);
      const lines: string[] = [];
      let truncated = false;
      const queue = [real];
      while (queue.length > 0 && !truncated) {
        signal.throwIfAborted();
        const folder = queue.shift()!;
        const entries = await fs.readdir(folder, { withFileTypes: true });
        entries.sort((a, b) => a.name.localeCompare(b.name));
        for (const entry of entries) {
          if (lines.length >= TOOL_LIMITS.listEntries) {
            truncated = true;
            break;
          }
          const absolute = path.join(folder, entry.name);
          const shown = displayPath(root, absolute);
          if (entry.isDirectory()) {
            lines.push(`${shown}/`);
            if (recursive && !SKIPPED_FOLDERS.has(entry.name)) queue.push(absolute);
          } else if (entry.isSymbolicLink()) {
            lines.push(`${shown} (link)`);
          } else {
            const { size } = await fs.stat(absolute);
            lines.push(`${shown} (${size} bytes)`);
          }
        }
      }
      if (lines.length === 0) return `"${displayPath(root, real)}" is empty.`;
      if (truncated) lines.push(`(only the first ${TOOL_LIMITS.listEntries} entries are shown)`);
      return lines.join("\n");
    },
  });
}
