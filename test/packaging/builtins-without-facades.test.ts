/**
 * The main process's bundles take Node's built-ins with process.getBuiltinModule(), not by import
 * (scripts/builtins-without-facades.mjs): an import of a built-in makes a module facade, which reads
 * every export of the module and so runs its lazy ones (node:http's WebSocket loads undici). The
 * rewrite is checked on the forms a bundler writes, and by running what it gives.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { isBuiltin } from "node:module";
import { withoutBuiltinFacades } from "../../scripts/builtins-without-facades.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const folder = mkdtempSync(path.join(os.tmpdir(), "alpine-builtins-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Imports `code` as a module of its own and gives its exports. */
async function run(code: string, name: string): Promise<Record<string, unknown>> {
  const file = path.join(folder, `${name}.mjs`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

describe("Node's built-ins without module facades", () => {
  it("rewrites each form of import a bundle begins with, minified or not", () => {
    expect(withoutBuiltinFacades('import fs from "node:fs";\nfs.x();')).toBe('const fs = process.getBuiltinModule("node:fs");\nfs.x();');
    expect(withoutBuiltinFacades('import * as os from "node:os";')).toBe('const os = process.getBuiltinModule("node:os");');
    expect(withoutBuiltinFacades('import { join, dirname as dir } from "node:path";')).toBe(
      'const __builtin_node_path = process.getBuiltinModule("node:path");const { join, dirname: dir } = __builtin_node_path;',
    );
    expect(withoutBuiltinFacades('import u,{appendFileSync as d}from"node:fs";')).toBe('const u = process.getBuiltinModule("node:fs");const { appendFileSync: d } = u;');
    expect(withoutBuiltinFacades('import { default as events, once } from "events";')).toBe('const events = process.getBuiltinModule("events");const { once } = events;');
    expect(withoutBuiltinFacades('import "node:zlib";')).toBe('process.getBuiltinModule("node:zlib");');
    expect(withoutBuiltinFacades("import{promises as p}from'fs/promises'")).toBe("const __builtin_fs_promises = process.getBuiltinModule(\"fs/promises\");const { promises: p } = __builtin_fs_promises;");
  });

  it("keeps every other import, the comments between them, and all that follows the imports", () => {
    const code = [
      'import { a } from "./chunk.js";',
      "// -- a comment --",
      'import { app } from "electron";',
      "/* another */ import { createHash } from \"node:crypto\";",
      'import Database from "better-sqlite3";',
      'const text = "import fs from \\"node:fs\\"";',
      'import("node:http");',
    ].join("\n");
    expect(withoutBuiltinFacades(code)).toBe(
      [
        'import { a } from "./chunk.js";',
        "// -- a comment --",
        'import { app } from "electron";',
        '/* another */ const __builtin_node_crypto = process.getBuiltinModule("node:crypto");const { createHash } = __builtin_node_crypto;',
        'import Database from "better-sqlite3";',
        'const text = "import fs from \\"node:fs\\"";',
        'import("node:http");',
      ].join("\n"),
    );
    expect(withoutBuiltinFacades('import { z } from "zod";\nconsole.log(z);')).toBe('import { z } from "zod";\nconsole.log(z);');
  });

  it("names built-ins as Node does, with or without node:, and nothing else", () => {
    expect(["node:fs", "fs", "fs/promises", "node:test", "child_process"].every(isBuiltin)).toBe(true);
    expect(["electron", "zod", "./fs", "better-sqlite3", "fs-extra"].some(isBuiltin)).toBe(false);
  });

  it("gives the running code the very functions an import gives", async () => {
    const code = withoutBuiltinFacades(
      [
        'import fs, { readFileSync as read } from "node:fs";',
        'import * as pathModule from "path";',
        'import { createHash } from "node:crypto";',
        "export const sameRead = read === fs.readFileSync;",
        'export const joined = pathModule.join("a", "b");',
        'export const digest = createHash("sha256").update("x").digest("hex").slice(0, 8);',
      ].join("\n"),
    );
    expect(code).not.toMatch(/from\s*["'](node:)?(fs|path|crypto)["']/);
    const done = await run(code, "rewritten");
    expect(done).toMatchObject({ sameRead: true, joined: path.join("a", "b"), digest: "2d711642" });
  });

  it("leaves no import of a built-in in the app's main-process bundle", () => {
    // npm test builds the app (electron-vite build) before the tests run.
    const main = path.join(ROOT, "out/main");
    const files = readdirSync(main, { recursive: true }).map(String).filter((file) => file.endsWith(".js"));
    expect(files.length, "out/main holds the built main process: run electron-vite build").toBeGreaterThan(0);
    const imported = files.flatMap((file) =>
      [...readFileSync(path.join(main, file), "utf8").matchAll(/^\s*import\b[^;"']*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]).filter(isBuiltin),
    );
    expect(imported).toEqual([]);
  });
});
