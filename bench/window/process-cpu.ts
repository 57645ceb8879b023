/**
 * CPU time used by the processes this process started (and theirs), by kind: the host, and
 * Chromium's browser, renderer, GPU and utility (network) processes. Read from /proc (Linux only;
 * elsewhere empty), so a launch's cost can be split by process: on a machine of two cores, the
 * sum bounds how soon a launch can end however its work is ordered.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

export type ProcessKind = "host" | "browser" | "renderer" | "gpu" | "utility" | "chromium-other" | "other";

/** Chromium's own processes, of all kinds. */
export const CHROMIUM_KINDS: readonly ProcessKind[] = ["browser", "renderer", "gpu", "utility", "chromium-other"];

interface ProcessStat {
  parent: number;
  kind: ProcessKind;
  cpuMs: number;
}

const USER_HZ = 100; // clock ticks per second in /proc on Linux

/** CPU ms so far of each kind of process below this one. */
export function descendantCpuMs(): Map<ProcessKind, number> {
  const byKind = new Map<ProcessKind, number>();
  if (!existsSync("/proc/self/stat")) return byKind;
  const stats = readProcessStats();
  const ours = (pid: number) => {
    for (let at = stats.get(pid), depth = 0; at && depth < 8; at = stats.get(at.parent), depth++) if (at.parent === process.pid) return true;
    return false;
  };
  for (const [pid, stat] of stats) if (ours(pid)) byKind.set(stat.kind, (byKind.get(stat.kind) ?? 0) + stat.cpuMs);
  return byKind;
}

/** What each kind used between two readings. */
export function cpuSpent(before: Map<ProcessKind, number>, after: Map<ProcessKind, number>): Map<ProcessKind, number> {
  const spent = new Map<ProcessKind, number>();
  for (const [kind, ms] of after) spent.set(kind, ms - (before.get(kind) ?? 0));
  return spent;
}

function readProcessStats(): Map<number, ProcessStat> {
  const stats = new Map<number, ProcessStat>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
      // Chromium rewrites its children's command lines with spaces between the arguments.
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split(/[\0 ]/);
      stats.set(Number(entry), { parent: Number(fields[1]), kind: kindOf(name, args), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ });
    } catch {
      // The process ended while it was read.
    }
  }
  return stats;
}

function kindOf(name: string, args: string[]): ProcessKind {
  if (args.some((a) => a.includes("test-host-cli"))) return "host";
  if (!name.startsWith("chrom")) return "other";
  const type = args.find((a) => a.startsWith("--type="))?.slice("--type=".length);
  if (!type) return "browser";
  if (type === "renderer") return "renderer";
  if (type === "gpu-process") return "gpu";
  return type === "utility" ? "utility" : "chromium-other"; // the zygote, ...
}
