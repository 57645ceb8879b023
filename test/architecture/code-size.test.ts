import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_FILE_LINES, MAX_FUNCTION_LINES, fileLines, functionSizes } from "./code-size";
import { sizeAllowances, type SizeAllowance } from "./code-size-allowances";
import { sourceFiles } from "./import-graph";

const root = resolve(__dirname, "../..");

/** Every function over the limit and every file over the limit, as readable lines; the allow-list left out. */
function oversize(files: { file: string; text: string }[], allowances: SizeAllowance[] = sizeAllowances): { found: string[]; allowedSeen: Set<string> } {
  const allowed = (file: string, name: string | null) => allowances.some((entry) => entry.file === file && entry.name === name);
  const found: string[] = [];
  const allowedSeen = new Set<string>();
  for (const { file, text } of files) {
    const lines = fileLines(text);
    if (lines > MAX_FILE_LINES) {
      if (allowed(file, null)) allowedSeen.add(`${file}`);
      else found.push(`${file} has ${lines} lines (at most ${MAX_FILE_LINES})`);
    }
    for (const fn of functionSizes(file, text)) {
      if (fn.lines <= MAX_FUNCTION_LINES) continue;
      if (allowed(file, fn.name)) allowedSeen.add(`${file} ${fn.name}`);
      else found.push(`${file}:${fn.line} ${fn.name} has ${fn.lines} lines (at most ${MAX_FUNCTION_LINES})`);
    }
  }
  return { found, allowedSeen };
}

describe("small functions, small files", () => {
  const files = sourceFiles(root, "src").map((file) => ({ file, text: readFileSync(join(root, file), "utf8") }));

  it("reads the project's source, the window's components included", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some(({ file }) => file.endsWith(".tsx"))).toBe(true);
    expect(files.some(({ file }) => file.endsWith(".css"))).toBe(false);
  });

  it(`no function over ${MAX_FUNCTION_LINES} lines and no file over ${MAX_FILE_LINES}, but for the allow-list`, () => {
    expect(oversize(files).found).toEqual([]);
  });

  it("every allow-list entry has a reason and is still needed", () => {
    const { allowedSeen } = oversize(files);
    for (const entry of sizeAllowances) {
      expect(entry.reason.trim().length, `${entry.file} ${entry.name ?? ""}`).toBeGreaterThan(10);
      expect(allowedSeen.has(entry.name === null ? entry.file : `${entry.file} ${entry.name}`), `${entry.file} ${entry.name ?? "(file)"} no longer exceeds: remove it from the allow-list`).toBe(true);
    }
  });
});

describe("the size checker", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  total += ${i};`).join("\n");

  it("names an oversize function declaration, and passes one at the limit", () => {
    const text = `export function long(): number {\n  let total = 0;\n${body(77)}\n  return total;\n}\n\nfunction short(): number {\n  let total = 0;\n${body(76)}\n  return total;\n}\n`;
    const sizes = functionSizes("src/x.ts", text);
    expect(sizes.find((s) => s.name === "long")).toMatchObject({ line: 1, lines: 81 });
    expect(sizes.find((s) => s.name === "short")?.lines).toBe(MAX_FUNCTION_LINES);
    expect(oversize([{ file: "src/x.ts", text }]).found).toEqual(["src/x.ts:1 long has 81 lines (at most 80)"]);
  });

  it("names arrow functions, methods, constructors, components and wrapped components", () => {
    const text = [
      `export const createSlice = (set: unknown) => {\n  let total = 0;\n${body(90)}\n  return { send: async () => {\n${body(85)}\n  } };\n};`,
      `class Store {\n  constructor() {\n    let total = 0;\n${body(85)}\n  }\n  write(): void {\n    let total = 0;\n${body(85)}\n  }\n}`,
      `export function Pane(): JSX.Element {\n  let total = 0;\n${body(85)}\n  return <div />;\n}`,
      `export const Row = memo(function Row() {\n  let total = 0;\n${body(85)}\n  return <div />;\n});`,
      `const Item = memo(() => {\n  let total = 0;\n${body(85)}\n  return <div />;\n});`,
      `items.forEach(() => {\n  let total = 0;\n${body(85)}\n});`,
    ].join("\n\n");
    const names = oversize([{ file: "src/x.tsx", text }]).found.filter((line) => line.includes(":")).map((line) => line.split(" ")[1]);
    expect(names).toEqual(["createSlice", "send", "Store.constructor", "Store.write", "Pane", "Row", "Item", "(arrow)"]);
  });

  it("does not count leading comments, and names a file over the limit", () => {
    const comment = Array.from({ length: 20 }, () => "// why").join("\n");
    const text = `${comment}\nfunction f() {\n  let total = 0;\n${body(70)}\n}\n${"\n".repeat(250)}`;
    expect(functionSizes("src/y.ts", text)[0]).toMatchObject({ name: "f", line: 21, lines: 73 });
    expect(fileLines(text)).toBe(343);
    expect(oversize([{ file: "src/y.ts", text }]).found).toEqual(["src/y.ts has 343 lines (at most 300)"]);
  });

  it("leaves out what the allow-list names", () => {
    const text = `export function parseInline(): void {\n  let total = 0;\n${body(90)}\n}\n`;
    const allowances = [{ file: "src/renderer/src/markdown/parse-inline.ts", name: "parseInline", reason: "an example" }];
    expect(oversize([{ file: "src/renderer/src/markdown/parse-inline.ts", text }], allowances).found).toEqual([]);
    expect(oversize([{ file: "src/renderer/src/markdown/other.ts", text }], allowances).found).toHaveLength(1);
  });
});
