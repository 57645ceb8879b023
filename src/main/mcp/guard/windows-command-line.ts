/**
 * On Windows a server's command is usually a batch file (`npx` is npx.cmd), which only
 * cmd.exe can start, so the server runs under `cmd.exe /d /s /c "<line>"`. Node's
 * `shell: true` with an argument array joins the arguments with spaces, unquoted (DEP0190):
 * `C:\Users\Jane Doe\notes` arrives as two arguments. This builds the line itself: each
 * argument quoted the way the C runtime splits a command line (CommandLineToArgvW), then
 * every character cmd.exe treats specially escaped with `^`, quotes included, so cmd.exe
 * never sees a quoted region of its own and passes each argument through whole.
 * https://learn.microsoft.com/en-us/cpp/c-language/parsing-c-command-line-arguments
 * https://learn.microsoft.com/en-us/windows-server/administration/windows-commands/cmd
 */

/** Characters cmd.exe acts on outside quotes (and the space and comma it splits at). */
const CMD_SPECIAL = /[()[\]%!^"`<>&|;, *?]/g;

/** One argument as the C runtime reads it back: in quotes, backslashes before a quote doubled. */
export function quoteForCRuntime(arg: string): string {
  let out = "";
  let backslashes = 0;
  for (const char of arg) {
    if (char === "\\") {
      backslashes++;
      continue;
    }
    // Backslashes count double only before a quote (an escaped one, or the closing one).
    out += char === '"' ? `${"\\".repeat(backslashes * 2 + 1)}"` : `${"\\".repeat(backslashes)}${char}`;
    backslashes = 0;
  }
  return `"${out}${"\\".repeat(backslashes * 2)}"`;
}

/** Escapes every character cmd.exe would act on, so it passes the text through as is. */
export function escapeForCmd(text: string): string {
  return text.replace(CMD_SPECIAL, "^$&");
}

/** The file and arguments that run `command args` through cmd.exe (spawn with windowsVerbatimArguments). */
export function windowsCommandLine(command: string, args: readonly string[], comspec = "cmd.exe"): { file: string; args: string[] } {
  // A command with a space (C:\Program Files\...) is quoted too; a bare name is left for cmd.exe to find on PATH.
  const program = /[\s"]/.test(command) ? quoteForCRuntime(command) : command;
  const line = [escapeForCmd(program), ...args.map((arg) => escapeForCmd(quoteForCRuntime(arg)))].join(" ");
  // /d: no AutoRun commands; /s: strip only the outer quotes around the line.
  return { file: comspec, args: ["/d", "/s", "/c", `"${line}"`] };
}
