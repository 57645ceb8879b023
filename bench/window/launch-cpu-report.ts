/**
 * Where a first launch's CPU goes, by process, beside the least a launch costs on this machine
 * (bare Node serving a one-line page): the host, Chromium's browser, renderer, GPU and network
 * processes share the machine's cores, so their sum bounds how soon a launch can end.
 */
import os from "node:os";
import type { Report } from "../lib/report";
import { median } from "../lib/stats";
import type { FloorLaunch } from "./floor-launch";
import type { ProcessKind } from "./process-cpu";

interface CpuLaunch {
  /** Host start to listening. */
  serviceMs: number;
  /** Host start to the live conversation shown. */
  totalMs: number;
  cpuMs: Map<ProcessKind, number>;
}

const KINDS: { kind: ProcessKind; label: string }[] = [
  { kind: "host", label: "host process (Node: its start, the service, serving the window)" },
  { kind: "browser", label: "Chromium browser process" },
  { kind: "renderer", label: "Chromium renderer (the page: parse, scripts, style, layout, paint, raster)" },
  { kind: "gpu", label: "Chromium GPU process (compositing, in software here)" },
  { kind: "utility", label: "Chromium network service" },
  { kind: "chromium-other", label: "Chromium's other processes" },
  { kind: "other", label: "other processes the host started" },
];

const total = (cpu: Map<ProcessKind, number>) => [...cpu.values()].reduce((sum, ms) => sum + ms, 0);

export function reportLaunchCpu(report: Report, withKept: CpuLaunch[], withoutKept: CpuLaunch[], floor: FloorLaunch[], what: string): void {
  const wall = (launches: CpuLaunch[]) => median(launches.map((l) => l.totalMs));
  const cpuOf = (launches: { cpuMs: Map<ProcessKind, number> }[], kind?: ProcessKind) => median(launches.map((l) => (kind ? (l.cpuMs.get(kind) ?? 0) : total(l.cpuMs))));
  report.set("windowLaunch.cpu.keptMs", cpuOf(withKept));
  report.set("windowLaunch.cpu.noKeptScreenMs", cpuOf(withoutKept));
  report.set("windowLaunch.floor.totalMs", median(floor.map((l) => l.totalMs)));
  report.set("windowLaunch.floor.cpuMs", cpuOf(floor));
  const section = report.section(`Where a first launch's time and CPU go (${what}; median of ${withKept.length}, interleaved)`, [
    "",
    "with the kept first screen, ms",
    "without it, ms",
    "bare Node serving a one-line page (the least a launch costs here), ms",
  ]);
  section.rows.push(["process start to listening", median(withKept.map((l) => l.serviceMs)), median(withoutKept.map((l) => l.serviceMs)), median(floor.map((l) => l.listeningMs))]);
  section.rows.push(["launch: process start to the live conversation shown (the one-line page: to its first paint)", wall(withKept), wall(withoutKept), median(floor.map((l) => l.totalMs))]);
  for (const { kind, label } of KINDS) {
    const present = [withKept, withoutKept, floor].some((launches) => launches.some((l) => l.cpuMs.has(kind)));
    if (present) section.rows.push([`CPU: ${label}`, cpuOf(withKept, kind), cpuOf(withoutKept, kind), cpuOf(floor, kind)]);
  }
  section.rows.push(["CPU of all of them", cpuOf(withKept), cpuOf(withoutKept), cpuOf(floor)]);
  section.rows.push([`that CPU spread over this machine's ${os.cpus().length} cores (no launch can be shorter)`, cpuOf(withKept) / os.cpus().length, cpuOf(withoutKept) / os.cpus().length, cpuOf(floor) / os.cpus().length]);
  section.notes.push(
    "CPU from /proc (Linux; 10 ms ticks), from just before the host's start to the frame after the live conversation is shown, for every process the benchmark started and theirs. First launches: a new browser on an empty profile each time, let finish starting before the host starts.",
  );
}
