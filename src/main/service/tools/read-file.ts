/** read_file: the text of a file inside the chosen folder (read-only, size-limited). */
import fs from "node:fs/promises";
import { z } from "zod";
import { defineTool, type Tool } from "../../agent";
import type { FolderGuard } from "./folder-guard";
import { looksBinary, TOOL_LIMITS } from "./limits";

const input = z.object({
  path: z.string().min(1).max(4096).describe("File to read, relative to the chosen folder."),
  offset: z.number().int().min(0).default(0).describe("Byte offset to start reading at. Default 0."),
});

export function readFileTool(guard: FolderGuard): Tool {
  return defineTool({
    name: "read_file",
    description:
      "Read a text file inside the folder the person chose. `path` is relative to that folder. " +
      `Returns at most ${TOOL_LIMITS.readBytes} bytes from \`offset\` (default 0); the result says when more follows.`,
    input,
    async run({ path: requested, offset }) {
      const { real } = await guard.existing(requested);
      const stat = await fs.stat(real);
      if (!stat.isFile()) throw new Error(`"${requested}" is not a file. Use list_files for folders.`);
      const length = Math.max(0, Math.min(TOOL_LIMITS.readBytes, stat.size - offset));
      const bytes = Buffer.alloc(length);
      const handle = await fs.open(real, "r");
      try {
        await handle.read(bytes, 0, length, offset);
      } finally {
        await handle.close();
      }
      if (looksBinary(bytes)) throw new Error(`"${requested}" is a binary file; read_file reads text files only.`);
      const end = offset + length;
      const rest = stat.size - end;
      return rest > 0 ? `${bytes.toString("utf8")}\n(${rest} more bytes; read again with offset ${end})` : bytes.toString("utf8");
    },
  });
}
