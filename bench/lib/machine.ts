/** The machine a run was made on, for the results file and the README. */
import { readFileSync } from "node:fs";
import os from "node:os";

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
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
  };
}

export function describeMachine(machine: MachineInfo): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}, Node ${machine.node}`;
}
