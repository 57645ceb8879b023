/**
 * What each MCP tool the model was offered is called, kept in the data folder
 * (mcp-tool-names.json): the model's name for it, its server, the tool's own name and its
 * title. A card of a call made before a relaunch shows the tool's title from here while its
 * server is not up yet (or no longer configured), as it did before. A convenience: a file
 * that is missing, garbled or unreadable means nothing known yet; a newer one is read and
 * never written.
 */
import path from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../../agent";
import type { McpToolOriginView } from "../../../shared/mcp-types";
import { readVersionedJson } from "../versioned-json";

export const KNOWN_TOOL_NAMES_FILE = "mcp-tool-names.json";
const VERSION = 1;

const origin = z.object({ server: z.string(), tool: z.string(), title: z.string().optional() });
const fileSchema = z.object({ version: z.number().int(), tools: z.record(z.string(), origin) });

export class KnownToolNames {
  private readonly file: string;
  private tools: Record<string, McpToolOriginView>;
  private readonly writable: boolean;

  constructor(dataFolder: string) {
    this.file = path.join(dataFolder, KNOWN_TOOL_NAMES_FILE);
    const read = readVersionedJson(this.file, { version: VERSION, schema: fileSchema, what: "MCP tool names file", unreadable: "garbled" });
    this.tools = read.status === "current" ? read.value.tools : read.status === "newer" ? (read.known?.tools ?? {}) : {};
    this.writable = read.status !== "newer";
  }

  /** Every tool known, by the model's name for it. */
  all(): Record<string, McpToolOriginView> {
    return this.tools;
  }

  /** Keep the tools offered now (by the model's name); written only when something changed. */
  remember(offered: Record<string, McpToolOriginView>): void {
    const changed = Object.entries(offered).filter(([name, tool]) => JSON.stringify(this.tools[name]) !== JSON.stringify(tool));
    if (changed.length === 0) return;
    this.tools = { ...this.tools, ...Object.fromEntries(changed) };
    if (!this.writable) return;
    try {
      writeFileAtomicSync(this.file, `${JSON.stringify({ version: VERSION, tools: this.tools })}\n`);
    } catch {
      // Only a convenience: the titles are known again when the server lists its tools.
    }
  }
}
