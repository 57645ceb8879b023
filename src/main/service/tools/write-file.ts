/**
 * write_file: create or replace a text file inside the chosen folder, only after the
 * person allows it. Its first run checks the path and the size and asks the person
 * (`askPerson`, Allow / Deny): the run stops there, like any question. The person's answer
 * runs the call again: "Allow" writes the file, any other answer writes nothing and the
 * model is told the person denied it. A process stopped while the file is written leaves
 * the call's outcome unknown, so a write that may have happened is never repeated.
 */
import path from "node:path";
import { z } from "zod";
import { askPerson, defineTool, type Tool } from "../../agent";
import { displayPath, type FolderGuard } from "./folder-guard";
import { TOOL_LIMITS } from "./limits";
import { writePreview } from "./write-preview";
import { readTarget, writeInsideFolder } from "./folder-write";

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
      const relative = path.relative(root, target);
      if (answer === undefined) {
        // What is there now, to show what the write would change; a name too long, a link or a folder is refused.
        const existing = readTarget(root, relative, requested);
        const exists = existing !== null;
        return askPerson({
          question: `Allow Alpine to ${exists ? "replace" : "create"} the file "${shown}" (${bytes} bytes) in ${root}?\n\n${writePreview(existing, content)}`,
          choices: APPROVAL_CHOICES,
        });
      }
      // Written through the opened folders, checked to be inside after the rename (folder-write.ts).
      writeInsideFolder(root, relative, content, requested);
      return `The person allowed the write: "${shown}" now has ${bytes} bytes.`;
    },
  });
}
