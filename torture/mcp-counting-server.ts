/**
 * The campaign's stdio MCP server: `node <bundle> <side-effects file> <pid file>`. Its tools
 * are the torture conversation's (fast, slow, failing notes), each taking the call id the
 * model gave it (`call`), and each run is recorded in the side-effects file exactly like the
 * local torture tools (one fsync'd "start" line before the work, one "done" line after), so
 * the campaign counts per call id how often the server really ran a call, across kills of
 * the app that called it. Its pid is appended to the pid file, so the campaign can check no
 * server outlives the app. Like many real servers it does not exit when its stdin closes:
 * the app's guard ends it.
 */
import { appendFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { FAILING_TOOL, FAST_TOOL, SLOW_TOOL } from "./conversation-script";
import { recordSideEffect } from "./side-effects";

const noteInput = { note: z.string(), call: z.string(), ms: z.number().optional() };

export function buildCountingServer(sideEffectsFile: string): McpServer {
  const server = new McpServer({ name: "alpine-torture-counter", version: "1.0.0" });
  const record = (callId: string, tool: string, phase: "start" | "done") => recordSideEffect(sideEffectsFile, { callId, tool, phase, pid: process.pid });
  const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
  server.registerTool(FAST_TOOL, { description: "Writes a note at once.", inputSchema: noteInput }, async ({ note, call }) => {
    record(call, FAST_TOOL, "start");
    record(call, FAST_TOOL, "done");
    return text(`noted: ${note}`);
  });
  server.registerTool(SLOW_TOOL, { description: "Writes a note after `ms` milliseconds; stops when cancelled.", inputSchema: noteInput }, async ({ note, call, ms }, extra) => {
    record(call, SLOW_TOOL, "start");
    try {
      await sleep(ms ?? 50, undefined, { signal: extra.signal });
    } catch {
      return { ...text(`cancelled: ${note}`), isError: true };
    }
    record(call, SLOW_TOOL, "done");
    return text(`noted slowly: ${note}`);
  });
  server.registerTool(FAILING_TOOL, { description: "Tries to write a note and fails.", inputSchema: noteInput }, async ({ note, call }) => {
    record(call, FAILING_TOOL, "start");
    record(call, FAILING_TOOL, "done");
    return { ...text(`the note "${note}" could not be written`), isError: true };
  });
  return server;
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  const [sideEffectsFile, pidFile] = process.argv.slice(2);
  if (!sideEffectsFile || !pidFile) throw new Error("usage: mcp-counting-server <side-effects file> <pid file>");
  appendFileSync(pidFile, `${process.pid}\n`);
  await buildCountingServer(sideEffectsFile).connect(new StdioServerTransport());
  setInterval(() => undefined, 1 << 30); // stays alive without stdin, like many real servers
}
