/**
 * Many MCP servers do not exit when their stdin closes, so a server started directly would
 * outlive an app killed with SIGKILL. Each stdio server is therefore started under a tiny
 * guard (this script, run by the app's own Node or Electron-as-Node): stdout and stderr go
 * straight to the app; stdin passes through the guard, which, when stdin closes (the app
 * ended, however), ends the server: stdin closed, then SIGTERM, then SIGKILL. The guard
 * exits as the server did (same code or signal) and passes SIGTERM/SIGINT on.
 */
export const GUARD_SCRIPT = `
const { spawn } = require("node:child_process");
const spec = JSON.parse(process.argv[process.argv.length - 1]);
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(spec.command, spec.args, { cwd: spec.cwd || undefined, env, stdio: ["pipe", "inherit", "inherit"], shell: spec.shell, windowsHide: true });
child.on("error", (e) => { process.stderr.write("could not start " + JSON.stringify(spec.command) + ": " + e.message + "\\n"); process.exit(127); });
child.on("exit", (code, signal) => {
  if (signal) { process.removeAllListeners(signal); process.kill(process.pid, signal); setTimeout(() => process.exit(1), 100); }
  else process.exit(code === null ? 1 : code);
});
child.stdin.on("error", () => {});
process.stdin.pipe(child.stdin);
process.stdin.on("end", () => {
  child.stdin.end();
  setTimeout(() => child.kill("SIGTERM"), ${1_000}).unref();
  setTimeout(() => child.kill("SIGKILL"), ${3_000}).unref();
});
for (const s of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(s, () => child.kill(s));
`;

/** The command line that starts `command args` under the guard. */
export function guardedSpawn(command: string, args: string[], cwd: string | null): { command: string; args: string[]; env: Record<string, string> } {
  const spec = JSON.stringify({ command, args, cwd, shell: process.platform === "win32" });
  return { command: process.execPath, args: ["-e", GUARD_SCRIPT, "--", spec], env: { ELECTRON_RUN_AS_NODE: "1" } };
}
