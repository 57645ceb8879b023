/**
 * The cmd.exe line a Windows server starts with: read back the way Windows reads it (cmd.exe
 * removes its `^` escapes, then the program splits its command line by the C runtime's
 * rules), every argument arrives whole: spaces (C:\Users\Jane Doe), quotes, trailing
 * backslashes, empty arguments, and characters cmd.exe would act on. Runs on any system:
 * the line is built by a pure function.
 */
import { describe, expect, it } from "vitest";
import { escapeForCmd, quoteForCRuntime, windowsCommandLine } from "../../src/main/mcp/guard/windows-command-line";

/** What cmd.exe acts on; a space is left as it is between arguments, and escaped inside one. */
const CMD_SPECIAL = new Set([..."()[]%!^\"`<>&|;,*?"]);

/** What cmd.exe /s /c runs: the outer quotes stripped, each `^x` read as x; an unescaped special character is an error here. */
function cmdReads(quotedLine: string): string {
  expect(quotedLine.startsWith('"') && quotedLine.endsWith('"')).toBe(true);
  const line = quotedLine.slice(1, -1);
  let out = "";
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "^") out += line[++i];
    else if (CMD_SPECIAL.has(line[i])) throw new Error(`cmd.exe would act on ${JSON.stringify(line[i])} at ${i} of ${line}`);
    else out += line[i];
  }
  return out;
}

/** The C runtime's split of a command line (backslashes count only before a quote). */
function cRuntimeSplits(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === " " || line[i] === "\t") i++;
    if (i >= line.length) break;
    let arg = "";
    let quoted = false;
    for (; i < line.length && (quoted || (line[i] !== " " && line[i] !== "\t")); i++) {
      let backslashes = 0;
      while (line[i] === "\\") {
        backslashes++;
        i++;
      }
      if (line[i] === '"') {
        arg += "\\".repeat(Math.floor(backslashes / 2));
        if (backslashes % 2 === 1) arg += '"';
        else quoted = !quoted;
      } else {
        arg += "\\".repeat(backslashes);
        if (i < line.length) arg += line[i];
        else break;
      }
    }
    args.push(arg);
  }
  return args;
}

const ARGS = [
  "-y",
  "@modelcontextprotocol/server-filesystem",
  "C:\\Users\\Jane Doe\\notes",
  "C:\\Users\\Jane Doe\\",
  "",
  'say "hi"',
  'back\\"slash',
  "a&b|c<d>e^f",
  "%PATH% and !x!",
  "(x), [y]; z*?",
  "ünïcödé Ω",
];

describe("windowsCommandLine", () => {
  it("runs through cmd.exe /d /s /c with the whole line quoted", () => {
    const line = windowsCommandLine("npx", ["-y", "server"], "C:\\Windows\\system32\\cmd.exe");
    expect(line.file).toBe("C:\\Windows\\system32\\cmd.exe");
    expect(line.args.slice(0, 3)).toEqual(["/d", "/s", "/c"]);
    expect(line.args).toHaveLength(4);
  });

  it("every argument arrives whole, as the program reads its command line after cmd.exe", () => {
    const line = windowsCommandLine("npx", ARGS);
    expect(cRuntimeSplits(cmdReads(line.args[3]))).toEqual(["npx", ...ARGS]);
  });

  it("a path with a space stays one argument (Node's shell: true joined it unquoted: DEP0190)", () => {
    const path = "C:\\Users\\Jane Doe\\notes";
    expect(cRuntimeSplits(["npx", "server", path].join(" "))).toHaveLength(4); // what shell: true made of it
    expect(cRuntimeSplits(cmdReads(windowsCommandLine("npx", ["server", path]).args[3]))).toEqual(["npx", "server", path]);
  });

  it("a command with a space is quoted; a bare name is left for cmd.exe to find on PATH", () => {
    const program = "C:\\Program Files\\nodejs\\node.exe";
    expect(cRuntimeSplits(cmdReads(windowsCommandLine(program, ["server.js"]).args[3]))).toEqual([program, "server.js"]);
    expect(cmdReads(windowsCommandLine("uvx", ["mcp-server-time"]).args[3])).toBe('uvx "mcp-server-time"');
  });
});

describe("the pieces", () => {
  it("quotes for the C runtime: backslashes doubled only before a quote or the closing quote", () => {
    expect(quoteForCRuntime("plain")).toBe('"plain"');
    expect(quoteForCRuntime("a\\b")).toBe('"a\\b"');
    expect(quoteForCRuntime("end\\")).toBe('"end\\\\"');
    expect(quoteForCRuntime('q"')).toBe('"q\\""');
    expect(quoteForCRuntime('b\\"')).toBe('"b\\\\\\""');
  });

  it("escapes what cmd.exe acts on, and nothing else", () => {
    expect(escapeForCmd('a b&"c"')).toBe('a^ b^&^"c^"');
    expect(escapeForCmd("plain-text_1.2")).toBe("plain-text_1.2");
  });
});
