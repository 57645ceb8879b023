/**
 * The login shell's environment, read once (macOS and Linux): an app opened from the Dock,
 * Finder or a desktop menu inherits the session's minimal PATH, not the one the person's
 * shell profile builds (Homebrew, nvm, uv, ~/.local/bin), so `npx`, `uvx` and `node` are not
 * found (`spawn npx ENOENT`). The shell runs as a login and interactive shell (profiles and
 * rc files, where those PATHs are set), in a session of its own (it never takes over the
 * terminal of an app started from one), with a time limit: a slow or broken profile costs
 * servers at most that long, and then they start with the app's own environment.
 * Not on Windows, where GUI apps get the full PATH from the registry.
 */
import { spawn } from "node:child_process";

export const LOGIN_SHELL_TIMEOUT_MS = 5_000;
const MARK = "_ALPINE_LOGIN_ENVIRONMENT_";

export interface LoginShellOptions {
  /** Default: $SHELL, else /bin/zsh on macOS and /bin/sh elsewhere. */
  shell?: string;
  timeoutMs?: number;
  platform?: NodeJS.Platform;
}

/** The environment printed by `env` in a login shell; null on Windows, or when the shell failed or was too slow. */
export function readLoginShellEnvironment(options: LoginShellOptions = {}): Promise<Record<string, string> | null> {
  const platform = options.platform ?? process.platform;
  if (platform === "win32") return Promise.resolve(null);
  const shell = options.shell ?? process.env.SHELL ?? (platform === "darwin" ? "/bin/zsh" : "/bin/sh");
  return new Promise((resolve) => {
    let out = "";
    // Oh My Zsh would otherwise ask about updates, or start tmux.
    const env = { ...process.env, DISABLE_AUTO_UPDATE: "true", ZSH_TMUX_AUTOSTART: "false" };
    const child = spawn(shell, ["-ilc", `printf '%s\\n' ${MARK}; command env; printf '%s\\n' ${MARK}`], { env, stdio: ["ignore", "pipe", "ignore"], detached: true });
    const timer = setTimeout(() => {
      end(null);
      try {
        process.kill(-child.pid!, "SIGKILL"); // the shell and whatever its profile started
      } catch {
        // gone already
      }
    }, options.timeoutMs ?? LOGIN_SHELL_TIMEOUT_MS);
    const end = (value: Record<string, string> | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    child.on("error", () => end(null));
    child.stdout.setEncoding("utf8").on("data", (text: string) => (out += text));
    child.on("close", () => end(parseEnvOutput(out)));
  });
}

/** The variables between the two marks; a line without `NAME=` continues the value before it. */
export function parseEnvOutput(output: string): Record<string, string> | null {
  const parts = output.split(`${MARK}\n`);
  if (parts.length < 3) return null;
  const env: Record<string, string> = {};
  let last: string | null = null;
  for (const line of parts[1].replace(/\n$/, "").split("\n")) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(line);
    if (match) env[(last = match[1])] = match[2];
    else if (last !== null) env[last] += `\n${line}`;
  }
  return env;
}
