/**
 * yieldToIo gives what waits on I/O its turn even when called from an I/O callback, where a
 * loaded module or a read file resumes the service's start: the data already waiting in a pipe is
 * read before the yield is over (one immediate alone resumed before the loop polled again).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { yieldToIo } from "../../src/main/service/yield-to-io";

/** A child that writes "first", and on a line from its stdin writes "second", then makes `marker`: the data is in the pipe before the file exists. */
const CHILD = String.raw`
const fs = require("node:fs");
process.stdout.write("first\n");
process.stdin.once("data", () => {
  process.stdout.write("second\n", () => fs.writeFileSync(process.argv[1], ""));
});`;

let child: ChildProcess | null = null;
let folder: string | null = null;

afterEach(() => {
  child?.kill();
  child = null;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = null;
});

/** Holds the thread, as a long synchronous start does, until `file` exists (10 s at most). */
function holdThreadUntil(file: string): void {
  const until = Date.now() + 10_000;
  while (!existsSync(file)) if (Date.now() > until) throw new Error(`the child made no ${file} within 10 s`);
}

describe("yieldToIo", () => {
  it("lets data that arrived while the thread was held be read before it resolves, when called from an I/O callback", async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "alpine-yield-"));
    const marker = path.join(folder, "written");
    child = spawn(process.execPath, ["-e", CHILD, marker], { stdio: ["pipe", "pipe", "inherit"] });
    const lines: string[] = [];
    const readAfterYield = await new Promise<string[]>((resolve, reject) => {
      child!.once("error", reject);
      child!.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
        lines.push(...chunk.split("\n").filter(Boolean));
        if (!chunk.includes("first")) return;
        // In the I/O callback: ask for the second line, hold the thread until it is in the pipe, then yield.
        child!.stdin!.write("go\n");
        holdThreadUntil(marker);
        void yieldToIo().then(() => resolve([...lines]));
      });
    });
    expect(readAfterYield).toEqual(["first", "second"]);
  });

  it("resolves on an idle loop too", async () => {
    await expect(yieldToIo()).resolves.toBeUndefined();
  });
});
