/**
 * What an MCP configuration will run, shown to the person before anything is added or
 * started: each server's command, arguments, working folder, URL, and every environment
 * variable and header with its value, with the dangerous ones marked: variables that make a
 * program load other code (NODE_OPTIONS, LD_PRELOAD, DYLD_*...) and shells or interpreters
 * told to run a command line (`sh -c`, `node -e`, `powershell -Command`...).
 */
import path from "node:path";
import type { McpReviewedValue, McpServerReview } from "../../../shared/mcp-types";
import type { McpServerConfig } from "../../mcp";

const CODE_LOADING_ENV: [RegExp, string][] = [
  [/^NODE_OPTIONS$/i, "makes Node.js load or run other code"],
  [/^(LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH)$/i, "makes every program load other libraries first"],
  [/^DYLD_/i, "makes macOS programs load other libraries first"],
  [/^(BASH_ENV|ENV|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS)$/i, "makes the interpreter load or run other code"],
];

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "csh", "tcsh", "cmd", "powershell", "pwsh"]);
const SHELL_RUN_FLAGS = new Set(["-c", "/c", "/k", "-command", "-encodedcommand", "-e", "-ec"]);
const INTERPRETERS = new Set(["node", "python", "python3", "perl", "ruby", "deno", "bun", "osascript"]);
const INTERPRETER_RUN_FLAGS = new Set(["-e", "--eval", "-c", "-p", "--print", "-r"]);

function programName(command: string): string {
  return path.basename(command.replaceAll("\\", "/")).toLowerCase().replace(/\.(exe|cmd|bat)$/, "");
}

/** Why the command line is dangerous, or null. */
export function commandDanger(command: string, args: readonly string[]): string | null {
  const program = programName(command);
  const flags = args.map((a) => a.toLowerCase());
  if (SHELLS.has(program) && flags.some((f) => SHELL_RUN_FLAGS.has(f))) return `runs a shell command line (${program} ${args.find((a) => SHELL_RUN_FLAGS.has(a.toLowerCase()))})`;
  if (/^python\d/.test(program) || INTERPRETERS.has(program)) {
    const flag = args.find((a) => INTERPRETER_RUN_FLAGS.has(a.toLowerCase()));
    if (flag) return `runs code given on its command line (${program} ${flag})`;
  }
  return null;
}

export function envDanger(name: string): string | null {
  for (const [pattern, why] of CODE_LOADING_ENV) if (pattern.test(name)) return `${name} ${why}`;
  return null;
}

function values(map: Record<string, string>, danger: (name: string) => string | null): McpReviewedValue[] {
  return Object.entries(map).map(([name, value]) => {
    const why = danger(name);
    return { name, value, ...(why ? { danger: why } : {}) };
  });
}

export function reviewServer(config: McpServerConfig): McpServerReview {
  if (config.transport === "http") {
    return { name: config.name, transport: "http", url: config.url, env: [], headers: values(config.headers, () => null), dangers: [] };
  }
  const env = values(config.env, envDanger);
  const command = commandDanger(config.command, config.args);
  const dangers = [...(command ? [command] : []), ...env.flatMap((v) => (v.danger ? [v.danger] : []))];
  return { name: config.name, transport: "stdio", command: config.command, args: [...config.args], cwd: config.cwd, env, headers: [], dangers };
}
