/**
 * The built code as the builds write it (scripts/bundle-output.mjs): every chunk of the main
 * process, the window and the test host in ASCII, and the main process's code minified with its
 * class names kept, as the test host that the launch benchmark times. The test host is read from
 * out/e2e-host, which `npm test` builds before the tests (the launch benchmark rebuilds
 * out/test-host while they run).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAIN_PROCESS_OUTPUT } from "../../scripts/bundle-output.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

function scripts(folder: string): string[] {
  const root = path.join(ROOT, folder);
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => /\.(m|c)?js$/.test(file)).map((file) => path.join(root, file));
  expect(files.length, `${folder} holds built code: run npm test, or electron-vite build and scripts/build-test-host.mjs --out-dir out/e2e-host`).toBeGreaterThan(0);
  return files;
}

/** The first line of `file` with a byte outside ASCII, or null. */
function firstNonAscii(file: string): string | null {
  const text = readFileSync(file, "latin1");
  const at = text.search(/[^\x00-\x7f]/);
  if (at < 0) return null;
  return `${path.relative(ROOT, file)}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 20))}`;
}

describe("the built code", () => {
  it("is ASCII only in the main process, the window and the test host: no script is held as two bytes a character", () => {
    const files = [...scripts("out/main"), ...scripts("out/renderer/assets"), ...scripts("out/e2e-host")];
    expect(files.map(firstNonAscii).filter((line) => line !== null)).toEqual([]);
  });

  it("escapes what the sources write in other characters, and the escapes read back as the same text", () => {
    // The service's messages say "Settings → Models"; the chunk holds the arrow escaped.
    const service = scripts("out/main").map((file) => readFileSync(file, "utf8")).join("\n");
    expect(service).toContain("Settings \\u2192 Models");
    expect(JSON.parse('"Settings \\u2192 Models"')).toBe("Settings → Models");
  });

  it("minifies the main process's code as the test host's, keeping class names", () => {
    expect(MAIN_PROCESS_OUTPUT.minify.mangle.keepNames).toBe(true);
    const main = scripts("out/main");
    const code = main.map((file) => readFileSync(file, "utf8")).join("\n");
    // No doc comment is left, and the classes keep the names errors are known by in the window.
    expect(code).not.toMatch(/^\s*\/\*\*/m);
    expect(code).toMatch(/\bConversationNotFoundError\s*=\s*class\b|\bclass ConversationNotFoundError\b/);
    const bytes = (files: string[]) => files.reduce((sum, file) => sum + statSync(file).size, 0);
    // Both bundle the service: minified alike, neither is twice the other (868 KB unminified against 483 KB).
    const hostBytes = bytes(scripts("out/e2e-host"));
    expect(bytes(main)).toBeLessThan(hostBytes * 1.5);
  });
});
