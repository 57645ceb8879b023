/** The machine a run was made on, for the results file and the README. */
import { readFileSync } from "node:fs";
import os from "node:os";

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
  /** The 1, 5 and 15 minute load averages when the run started: other work on the machine skews timings. */
  loadAverage: number[];
  /** Work the run was measured beside on purpose (absent: none). */
  contention?: string;
}

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"));
    if (match) return match[1].trim();
  } catch {
    // not Linux: os.cpus() below
  }
  return os.cpus()[0]?.model ?? "unknown";
}

export function machineInfo(): MachineInfo {
  return {
    cpu: cpuModel(),
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

export function describeMachine(machine: MachineInfo): string {
  const beside = machine.contention ? `; measured beside ${machine.contention}` : "";
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}, Node ${machine.node}, load average ${machine.loadAverage.join(" ")} at the start${beside}`;
}
