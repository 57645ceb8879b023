/**
 * The service's compile-time check that the library's types fit the window's wire types
 * (src/main/service/wire-agreement.ts) compiles today, and fails when the two drift apart:
 * the wire types are changed in memory and the check is compiled again.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../..");
const agreementFile = resolve(root, "src/main/service/wire-agreement.ts");
const wireFile = resolve(root, "src/shared/wire-types.ts");
const wireText = readFileSync(wireFile, "utf8");

const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    lib: ["lib.es2023.d.ts"],
};
// Parsed once for every compile: only the wire types change between them.
const parsed = new Map<string, ts.SourceFile | undefined>();
let previous: ts.Program | undefined;

/** The check's own errors, with the wire types' text replaced by `wire`. */
function agreementErrors(wire: string): string[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (resolve(name) === wireFile ? wire : readFile(name));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, create) => {
    if (resolve(name) === wireFile) return ts.createSourceFile(name, wire, language);
    if (!parsed.has(name)) parsed.set(name, getSourceFile(name, language, onError, create));
    return parsed.get(name);
  };
  const program = ts.createProgram([agreementFile], options, host, previous);
  previous = program;
  const source = program.getSourceFile(agreementFile)!;
  return program.getSemanticDiagnostics(source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

const mutated = (from: string, to: string) => {
  expect(wireText).toContain(from);
  return wireText.replace(from, to);
};

describe("the library's types fit the window's wire types", () => {
  // The first compile reads the library and its dependencies' types: seconds, not milliseconds.
  it("compiles as the two are today", { timeout: 120_000 }, () => {
    expect(agreementErrors(wireText)).toEqual([]);
  });

  it.each([
    ["a way to stop the window does not know", '| "aborted" | null;', "| null;"],
    ["a way to stop the library does not have", '| "aborted" | null;', '| "aborted" | "paused" | null;'],
    ["an entry kind the window does not know", '"notice" | "error";', '"notice";'],
    ["a step event field of another type", "think_end\"; stateId: string; ok: boolean", "think_end\"; stateId: string; ok: string"],
    ["a step event the window does not know", '| { type: "warning";', '| { type: "warned";'],
    ["a save point the window does not know", '| "explicit";', ";"],
    ["an entry field of another type", "  seq: number;", "  seq: string;"],
  ])("fails to compile on %s", { timeout: 60_000 }, (_what, from, to) => {
    const source = mutated(from, to);
    expect(agreementErrors(source).length).toBeGreaterThan(0);
  });
});
