/**
 * The built-in tools the app offers the model: read-only tools over the folder the
 * person chose, a clock, and write_file, which asks the person first.
 */
import type { Tool } from "../../agent";
import { currentTimeTool } from "./current-time";
import { FolderGuard } from "./folder-guard";
import { listFilesTool } from "./list-files";
import { readFileTool } from "./read-file";
import { searchTextTool } from "./search-text";
import { writeFileTool } from "./write-file";

export function builtInTools(folder: () => string | null): Tool[] {
  const guard = new FolderGuard(folder);
  return [listFilesTool(guard), readFileTool(guard), searchTextTool(guard), writeFileTool(guard), currentTimeTool()];
}
