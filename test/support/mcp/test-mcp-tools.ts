/**
 * The tools of the project's MCP test servers (stdio and Streamable HTTP): quick, slow,
 * failing, image-returning, list-changing. Every call is counted in a side file (one
 * line per call: `run <tool> <input JSON>`; `cancelled <tool>` when the client cancels),
 * so tests can tell how often each tool really ran, across process kills.
 */
import fs from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

export interface CountedLine {
  event: "run" | "cancelled";
  tool: string;
  input: unknown;
}

/** The lines of a count file (none when it does not exist yet). */
export function readCounts(file: string): CountedLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [event, tool, ...rest] = line.split(" ");
      return { event: event as CountedLine["event"], tool, input: rest.length ? JSON.parse(rest.join(" ")) : null };
    });
}

export function runsOf(file: string, tool: string): number {
  return readCounts(file).filter((l) => l.event === "run" && l.tool === tool).length;
}

export function buildTestMcpServer(countFile: string, options: { canCrash?: boolean } = {}): McpServer {
  const server = new McpServer({ name: "alpine-test-server", version: "1.0.0" });
  const count = (event: string, tool: string, input: unknown) => fs.appendFileSync(countFile, `${event} ${tool} ${JSON.stringify(input ?? null)}\n`);
  server.registerTool("echo", { description: "Returns the text it is given.", inputSchema: { text: z.string() }, annotations: { readOnlyHint: true, title: "Echo" } }, async (input) => {
    count("run", "echo", input);
    return { content: [{ type: "text", text: `echo: ${input.text}` }] };
  });
  server.registerTool("slow", { description: "Waits `ms` milliseconds, then answers.", inputSchema: { ms: z.number(), tag: z.string().optional() }, annotations: { destructiveHint: true, title: "Answer slowly" } }, async (input, extra) => {
    count("run", "slow", input);
    const done = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), input.ms);
      extra.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!done) count("cancelled", "slow", input);
    return { content: [{ type: "text", text: `slept ${input.ms} ms` }] };
  });
  server.registerTool("fail", { description: "Always fails with an error result." }, async () => {
    count("run", "fail", null);
    return { content: [{ type: "text", text: "it failed on purpose" }], isError: true };
  });
  server.registerTool("image", { description: "Returns a tiny PNG image and a resource link." }, async () => {
    count("run", "image", null);
    return {
      content: [
        { type: "text", text: "a tiny image" },
        { type: "image", data: TINY_PNG, mimeType: "image/png" },
        { type: "resource_link", uri: "https://example.com/tiny.png", name: "tiny.png" },
      ],
    };
  });
  server.registerTool("add_tool", { description: "Adds the tool `late` to this server's list." }, async () => {
    count("run", "add_tool", null);
    if (!(server as unknown as { _registeredTools: Record<string, unknown> })._registeredTools.late) {
      server.registerTool("late", { description: "A tool added later." }, async () => {
        count("run", "late", null);
        return { content: [{ type: "text", text: "late answer" }] };
      });
    }
    return { content: [{ type: "text", text: "added the tool late" }] };
  });
  if (options.canCrash) {
    server.registerTool("crash", { description: "Ends the server's process with code 3." }, async () => {
      count("run", "crash", null);
      process.stderr.write("crashing on purpose\n");
      setTimeout(() => process.exit(3), 20);
      return new Promise(() => undefined);
    });
  }
  return server;
}
