/**
 * The library's one home for owner-only, crash-safe files and the process-alive check,
 * used by FileStore, SqliteStore, the service's settings and the app's key file alike.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FILE_MODE,
  FOLDER_MODE,
  ensurePrivateFolder,
  isProcessAlive,
  writeFileAtomic,
  writeFileAtomicSync,
} from "../../src/main/agent";

const posix = process.platform !== "win32";
const modeOf = (p: string) => fs.statSync(p).mode & 0o777;
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "alpine-platform-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("writeFileAtomic and writeFileAtomicSync", () => {
  it.each([
    ["async", (file: string, content: string | Uint8Array) => writeFileAtomic(file, content)],
    ["sync", async (file: string, content: string | Uint8Array) => writeFileAtomicSync(file, content)],
  ])("%s: replaces the whole file, owner-only, and leaves no temporary file", async (_name, write) => {
    const file = path.join(dir, "settings.json");
    fs.writeFileSync(file, "old content that is longer than the new one", { mode: 0o644 });
    await write(file, "new");
    expect(fs.readFileSync(file, "utf8")).toBe("new");
    await write(file, new Uint8Array([1, 2, 3]));
    expect([...fs.readFileSync(file)]).toEqual([1, 2, 3]);
    if (posix) expect(modeOf(file)).toBe(FILE_MODE);
    expect(fs.readdirSync(dir)).toEqual(["settings.json"]);
  });

  it("sync writes in the same millisecond never share a temporary file", () => {
    const file = path.join(dir, "key.bin");
    for (let i = 0; i < 200; i++) writeFileAtomicSync(file, `value ${i}`);
    expect(fs.readFileSync(file, "utf8")).toBe("value 199");
    expect(fs.readdirSync(dir)).toEqual(["key.bin"]);
  });

  it("concurrent async writes each land whole, and the last one started wins or another whole one does", async () => {
    const file = path.join(dir, "snapshot.json");
    const values = Array.from({ length: 20 }, (_, i) => JSON.stringify({ i, pad: "x".repeat(1000 * i) }));
    await Promise.all(values.map((v) => writeFileAtomic(file, v)));
    expect(values).toContain(fs.readFileSync(file, "utf8"));
    expect(fs.readdirSync(dir)).toEqual(["snapshot.json"]);
  });

  it("a write into a missing folder fails and leaves nothing behind", () => {
    const file = path.join(dir, "missing", "x.json");
    expect(() => writeFileAtomicSync(file, "x")).toThrow(/ENOENT/);
    expect(fs.existsSync(path.join(dir, "missing"))).toBe(false);
  });
});

describe("ensurePrivateFolder", () => {
  it.runIf(posix)("creates missing folders 0700, whatever the umask", () => {
    const previous = process.umask(0o022);
    try {
      const folder = path.join(dir, "a", "b", "c");
      ensurePrivateFolder(folder);
      for (const p of [path.join(dir, "a"), path.join(dir, "a", "b"), folder]) expect(modeOf(p)).toBe(FOLDER_MODE);
    } finally {
      process.umask(previous);
    }
  });

  it.runIf(posix)("leaves an existing folder's mode alone unless asked to restrict it", () => {
    const folder = path.join(dir, "shared");
    fs.mkdirSync(folder, { mode: 0o755 });
    fs.chmodSync(folder, 0o755);
    ensurePrivateFolder(folder);
    expect(modeOf(folder)).toBe(0o755);
    ensurePrivateFolder(folder, { restrictExisting: true });
    expect(modeOf(folder)).toBe(FOLDER_MODE);
  });
});

describe("isProcessAlive", () => {
  it("is true for this process and false for a process that has exited, or a pid that cannot be one", async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => child.once("exit", resolve));
    expect(isProcessAlive(child.pid!)).toBe(false);
    for (const pid of [0, -1, 1.5, Number.NaN]) expect(isProcessAlive(pid)).toBe(false);
  });
});
