/**
 * write_file: create or replace a text file inside the chosen folder, only after the
 * person allows it. The call waits for the person's Allow or Deny (see WriteApprovals);
 * on Deny nothing is written and the model is told so.
 */
import fs from "node:fs/promises";
import { z } from "zod";
import { defineTool, type Tool } from "../../agent";
import type { WriteApprovals } from "../write-approvals";
import { displayPath, type FolderGuard } from "./folder-guard";
import { TOOL_LIMITS } from "./limits";

const input = z.object({
  path: z.string().min(1).max(4096).describe("File to write, relative to the chosen folder. Its folder must exist."),
  content: z.string().describe("The complete new content of the file (UTF-8 text)."),
});

export function writeFileTool(guard: FolderGuard, approvals: WriteApprovals): Tool {
  return defineTool({
    name: "write_file",
    description:
      "Create or replace a text file inside the folder the person chose, with `content` as its whole content. " +
      "The person is asked to allow or deny every write first; the result says whether the file was written. " +
      `At most ${TOOL_LIMITS.writeBytes} bytes.`,
    input,
    async run({ path: requested, content }, { signal, state, callId }) {
      const bytes = Buffer.byteLength(content, "utf8");
      if (bytes > TOOL_LIMITS.writeBytes) throw new Error(`The content has ${bytes} bytes; write_file writes at most ${TOOL_LIMITS.writeBytes}.`);
      // Checked before asking, so the person is never asked about a write that cannot happen.
      const { root, target } = await guard.writable(requested);
      const shown = displayPath(root, target);
      const exists = await fs.stat(target).then(
        () => true,
        () => false,
      );
      const question = `Allow Alpine to ${exists ? "replace" : "create"} the file "${shown}" (${bytes} bytes) in ${root}?`;
      const decision = await approvals.request(state.id, callId, question, signal);
      if (decision === "Deny") {
        return `The person denied this write, so "${shown}" was not written. Do not try it again unless the person asks for it.`;
      }
      // Checked again: the folder or the file may have changed while the person decided.
      const checked = await guard.writable(requested);
      const temporary = `${checked.target}.alpine-${process.pid}-${Date.now()}.tmp`;
      await fs.writeFile(temporary, content, { encoding: "utf8", flag: "wx" });
      try {
        await fs.rename(temporary, checked.target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      return `The person allowed the write: "${shown}" now has ${bytes} bytes.`;
    },
  });
}
