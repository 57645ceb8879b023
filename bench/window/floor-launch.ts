/**
 * The least a launch costs on this machine, as a yardstick for the launch's figures: a bare Node
 * process (no code of ours) that listens on loopback and serves a one-line page, and a first
 * launch's page painting it. Timed like the app's launch: from the process's start, in the host's
 * environment.
 */
import { spawn } from "node:child_process";
import { launchEnvironment } from "./host-process";
import { cpuSpent, descendantCpuMs, type ProcessKind } from "./process-cpu";
import type { LaunchPage } from "./launch-page";

/** Started with `node -e`: listens on a free loopback port, prints it, serves one line. */
const BARE_SERVER = String.raw`
const server = require("node:http").createServer((request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end("<!doctype html><title>Alpine</title><p>Hello</p>");
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => process.exit(0));`;

const UNTIL_FIRST_PAINT = String.raw`new Promise((resolve) => {
  const paint = () => performance.getEntriesByName("first-contentful-paint")[0];
  const check = () => (paint() ? resolve(paint().startTime) : requestAnimationFrame(check));
  check();
})`;

export interface FloorLaunch {
  /** Process start to listening. */
  listeningMs: number;
  /** Navigation to the page's first paint. */
  firstPaintMs: number;
  /** Process start to that paint. */
  totalMs: number;
  cpuMs: Map<ProcessKind, number>;
}

export async function floorLaunch(open: () => Promise<LaunchPage>): Promise<FloorLaunch> {
  const { page, close } = await open();
  const before = descendantCpuMs();
  const started = performance.now();
  const child = spawn(process.execPath, ["-e", BARE_SERVER], { env: launchEnvironment(process.env), stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`The bare Node server exited with ${code} before it listened.`)));
      child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    const listeningMs = performance.now() - started;
    const navigating = performance.now();
    await page.goto(`http://127.0.0.1:${port}/`);
    const firstPaintMs = await page.evaluate<number>(UNTIL_FIRST_PAINT);
    const cpuMs = cpuSpent(before, descendantCpuMs());
    // The bare server stands where the host stands.
    cpuMs.set("host", cpuMs.get("other") ?? 0);
    cpuMs.delete("other");
    return { listeningMs, firstPaintMs, totalMs: navigating - started + firstPaintMs, cpuMs };
  } finally {
    child.kill("SIGTERM");
    await close();
  }
}
