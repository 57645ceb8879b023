/**
 * write_file: create or replace a text file inside the chosen folder, only after the
 * person allows it. Its first run checks the path and the size and asks the person
 * (`askPerson`, Allow / Deny): the run stops there, like any question. The person's answer
 * runs the call again: "Allow" writes the file, any other answer writes nothing and the
 * model is told the person denied it. A process stopped while the file is written leaves
 * the call's outcome unknown, so a write that may have happened is never repeated.
 */
import fs from "node:fs/promises";
import { z } from "zod";
import { askPerson, defineTool, type Tool } from "../../agent";
import { displayPath, type FolderGuard } from "./folder-guard";
import { TOOL_LIMITS } from "./limits";
import { writePreview } from "./write-preview";

export const APPROVAL_CHOICES = ["Allow", "Deny"] as const;

const input = z.object({
  path: z.string().min(1).max(4096).describe("File to write, relative to the chosen folder. Its folder must exist."),
  content: z.string().describe("The complete new content of the file (UTF-8 text)."),
});

/** "Allow" in any case and spacing; anything else the person says is a no. */
function allows(answer: string): boolean {
  return answer.trim().toLowerCase() === APPROVAL_CHOICES[0].toLowerCase();
}

export function writeFileTool(guard: FolderGuard): Tool {
  return defineTool({
    name: "write_file",
    description:
      "Create or replace a text file inside the folder the person chose, with `content` as its whole content. " +
      "The person is asked to allow or deny every write first; the result says whether the file was written. " +
      `At most ${TOOL_LIMITS.writeBytes} bytes.`,
    input,
    async run({ path: requested, content }, { answer }) {
      if (answer !== undefined && !allows(answer)) {
        const said = answer.trim().toLowerCase() === APPROVAL_CHOICES[1].toLowerCase() ? "" : ` (their answer: ${JSON.stringify(answer.slice(0, 500))})`;
        return `The person denied this write${said}, so "${requested}" was not written. Do not try it again unless the person asks for it.`;
      }
      const bytes = Buffer.byteLength(content, "utf8");
      if (bytes > TOOL_LIMITS.writeBytes) throw new Error(`The content has ${bytes} bytes; write_file writes at most ${TOOL_LIMITS.writeBytes}.`);
      // Checked before asking, so the person is never asked about a write that cannot happen;
      // and again once allowed, as the folder or the file may have changed meanwhile.
      const { root, target } = await guard.writable(requested);
      const shown = displayPath(root, target);
      if (answer === undefined) {
        // What is there now, to show what the write would change (a file that is not text shows as replaced whole).
        const existing = await fs.readFile(target, "utf8").then(
          (text) => text,
          (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? null : ""),
        );
        const exists = existing !== null;
        return askPerson({
          question: `Allow Alpine to ${exists ? "replace" : "create"} the file "${shown}" (${bytes} bytes) in ${root}?\n\n${writePreview(existing, content)}`,
          choices: APPROVAL_CHOICES,
        });
      }
      await replaceFile(target, content);
      return `The person allowed the write: "${shown}" now has ${bytes} bytes.`;
    },
  });
}

/** Write beside the file, flush, then rename over it: a crash leaves the old or the new content, never a mix. */
async function replaceFile(target: string, content: string): Promise<void> {
  const temporary = `${target}.alpine-${process.pid}-${Date.now()}.tmp`;
  const handle = await fs.open(temporary, "wx");
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
