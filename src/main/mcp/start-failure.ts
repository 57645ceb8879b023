/**
 * Why a server could not start, as a sentence that says what to do, shown on its card (the
 * last lines of its stderr follow it there): a command that is not installed, a working
 * folder that does not exist, a program that exits as it starts, one that never answers the
 * MCP handshake, an HTTP server that is not there or refuses the credentials.
 */
import fs from "node:fs";
import path from "node:path";
import { type ChildExit, describeExit } from "./child-transport";
import type { McpServerConfig } from "./config";
import { formatSeconds } from "./errors";

/** The error of a failed start, with how the server's process ended if it did. */
export class ServerStartError extends Error {
  override name = "ServerStartError";
  constructor(
    readonly reason: unknown,
    readonly exit: ChildExit | null,
  ) {
    super((reason as Error)?.message ?? String(reason));
  }
}

/** MCP error codes of the SDK (ErrorCode): the request timed out; the connection closed. */
const REQUEST_TIMEOUT = -32001;
const CONNECTION_CLOSED = -32000;

export function explainStartFailure(config: McpServerConfig, error: unknown, timeoutMs: number): string {
  const exit = error instanceof ServerStartError ? error.exit : null;
  const reason = error instanceof ServerStartError ? error.reason : error;
  const message = (reason as Error)?.message ?? String(reason);
  const code = (reason as { code?: unknown })?.code;
  const said = (text: string) => `It could not start: ${text}`;
  if (config.transport === "http") {
    if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|fetch failed/i.test(message)) return said(`nothing answers at ${config.url}. Check the address, and that the server is running.`);
    if (/\b(401|403)\b/.test(message)) return said(`the server at ${config.url} refused the request (${/\b401\b/.test(message) ? "401" : "403"}). Check the headers in its settings (an API key or token is usually one of them).`);
  } else {
    if (/could not start .*\bENOENT\b/.test(message)) {
      if (config.cwd && !fs.existsSync(config.cwd)) return said(`its working folder "${config.cwd}" does not exist. Choose an existing folder in the server's settings, or clear it.`);
      return said(`the command "${config.command}" was not found. ${installHint(config.command)}`);
    }
    if (/could not start .*\bEACCES\b/.test(message)) return said(`"${config.command}" may not be run (permission denied). Check that the path names a program, and that it is executable.`);
  }
  if (code === REQUEST_TIMEOUT) {
    return said(`it never answered the MCP handshake (initialize) within ${formatSeconds(timeoutMs)}. Check that ${config.transport === "stdio" ? "the command starts an MCP server speaking over stdio, not a web server or an ordinary command-line tool" : "the address is an MCP server's"}, then restart it.`);
  }
  if (config.transport === "stdio" && (exit || code === CONNECTION_CLOSED)) {
    return said(`the server ${exit ? describeExit(exit) : "closed its connection"} as it started. Its last lines of stderr usually say why (a missing package, a wrong argument, a missing environment value): fix that in its settings, then restart it.`);
  }
  return said(message);
}

function installHint(command: string): string {
  const name = path.basename(command).replace(/\.(exe|cmd|bat)$/i, "").toLowerCase();
  if (command.includes("/") || command.includes("\\")) return "No program exists at that path: check it in the server's settings.";
  if (["npx", "npm", "node"].includes(name)) return "Install Node.js (nodejs.org), then restart the server; or give the command's full path in its settings.";
  if (["uvx", "uv"].includes(name)) return "Install uv (docs.astral.sh/uv), then restart the server; or give the command's full path in its settings.";
  if (/^python(3(\.\d+)?)?$|^py$/.test(name)) return "Install Python (python.org), then restart the server; or give the command's full path in its settings.";
  if (name === "docker") return "Install Docker and start it, then restart the server.";
  return "Install it, or give its full path in the server's settings, then restart the server.";
}
