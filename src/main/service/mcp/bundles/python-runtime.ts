/**
 * The Pythons on PATH and their versions (`python3 --version`), and uv, for bundles whose
 * server is Python. Looked for in the environment servers start in (the login shell's PATH in the app).
 */
import { execFile } from "node:child_process";

export interface FoundPython {
  command: string;
  version: string;
}

const CANDIDATES = process.platform === "win32" ? ["python", "python3", "py"] : ["python3", "python"];

export async function findPython(environment: Record<string, string>, preferred: string | null): Promise<FoundPython[]> {
  const commands = [...new Set([...(preferred ? [preferred] : []), ...CANDIDATES])];
  const found = await Promise.all(commands.map((command) => pythonVersion(command, environment)));
  return found.filter((p): p is FoundPython => p !== null);
}

/** Whether `uv` answers `uv --version`. */
export function findUv(env: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => execFile("uv", ["--version"], { env, timeout: 5_000, windowsHide: true }, (error) => resolve(!error)));
}

function pythonVersion(command: string, env: Record<string, string>): Promise<FoundPython | null> {
  return new Promise((resolve) => {
    execFile(command, ["--version"], { env, timeout: 5_000, windowsHide: true }, (error, stdout, stderr) => {
      const match = /Python\s+(\d+\.\d+(?:\.\d+)?)/.exec(`${stdout}${stderr}`);
      resolve(error || !match ? null : { command, version: match[1]! });
    });
  });
}
