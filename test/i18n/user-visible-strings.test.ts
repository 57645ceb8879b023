/**
 * Every word a person reads in the window, and in the main process's menus, dialogs and
 * notifications, comes from a catalogue: the compiler reads the source and names each literal
 * that reaches the screen. The fixtures prove the check catches every kind it looks for.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { allowedStrings } from "./support/allowed-strings";
import { flatten, type Catalogue } from "./support/catalogue-checks";
import { findUnlocalisedStrings, hasWords, MAIN_RULES, readsAsSentence, RENDERER_RULES, type Finding, type ScanRules } from "./support/unlocalised-strings";

const root = resolve(__dirname, "../..");
const fixtures = join(root, "test/fixtures/i18n/sources");

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function scan(files: string[], rules: ScanRules): Finding[] {
  return files.flatMap((file) => findUnlocalisedStrings(file, readFileSync(join(root, file), "utf8"), rules));
}

/** The English keys of the window's and the main process's catalogues: a literal naming one is a look-up to come (`label: "settings.x"` then `t(option.label)`). */
const catalogueKeys = new Set(
  ["src/renderer/src/i18n/locales/en.json", "src/main/service/words/locales/en.json"]
    .filter((file) => existsSync(join(root, file)))
    .flatMap((file) => [...flatten(JSON.parse(readFileSync(join(root, file), "utf8")) as Catalogue).keys()].flatMap((key) => [key, key.replace(/_(zero|one|two|few|many|other)$/, "")])),
);
const isAllowed = (finding: Finding) => catalogueKeys.has(finding.text) || allowedStrings.some((entry) => entry.file === finding.file && entry.text === finding.text);
const readable = (findings: Finding[]) => findings.map(({ file, line, kind, text }) => `${file}:${line} ${kind} ${JSON.stringify(text)}`);

/** A fixture's findings as `line kind`, beside what its `found:` comments expect. */
function fixtureLines(name: string, rules: ScanRules): { found: string[]; expected: string[] } {
  const text = readFileSync(join(fixtures, name), "utf8");
  const found = findUnlocalisedStrings(name.replace(/\.txt$/, ""), text, rules).map(({ line, kind }) => `${line} ${kind}`);
  const expected = text.split("\n").flatMap((line, index) => {
    const kinds = /found: ([\w, -]+?)( \*\/\})?$/.exec(line)?.[1];
    return kinds ? kinds.split(", ").map((kind) => `${index + 1} ${kind}`) : [];
  });
  return { found: found.sort(), expected: expected.sort() };
}

const WINDOW_FILES = sourcesUnder("src/renderer/src");
/** The main process's words: the Electron layer (menus, dialogs, tray, notifications) and what notifications say. */
const MAIN_FILES = [...sourcesUnder("src/main/electron"), ...sourcesUnder("src/main/service/attention")];

describe("the check of words outside the catalogue", () => {
  it.each(["jsx-text.tsx.txt", "attributes.tsx.txt", "toasts.ts.txt", "store-words.ts.txt", "catalogue.clean.tsx.txt"])("finds exactly the marked lines of the window's source %s", (name) => {
    const { found, expected } = fixtureLines(name, RENDERER_RULES);
    expect(found).toEqual(expected);
    if (!name.includes(".clean.")) expect(expected.length).toBeGreaterThan(0);
  });

  it.each(["menu.ts.txt", "dialogs.ts.txt"])("finds exactly the marked lines of the main process's source %s", (name) => {
    const { found, expected } = fixtureLines(name, MAIN_RULES);
    expect(found).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it("lets through what is not words, and knows a sentence from a code word", () => {
    for (const text of ["·", "42 %", "→", "Alpine", "Alpine ·", "https://example.com/a?b=c", "{…} / {…}", "", "   "]) expect(hasWords(text), text).toBe(false);
    for (const text of ["Save", "保存", "حفظ", "Alpine is ready"]) expect(hasWords(text), text).toBe(true);
    for (const text of ["Could not save.", "Waiting for you", "is it done?"]) expect(readsAsSentence(text), text).toBe(true);
    for (const text of ["button button--ghost", "(prefers-color-scheme: dark)", "runs:send", "Save", "0 0 24 24"]) expect(readsAsSentence(text), text).toBe(false);
  });
});

describe("the words a person reads come from a catalogue", () => {
  it("reads the window's components, store and helpers, and the main process's menus and dialogs", () => {
    expect(WINDOW_FILES.some((file) => file.endsWith("components/Sidebar.tsx"))).toBe(true);
    expect(WINDOW_FILES.some((file) => file.includes("/store/"))).toBe(true);
    expect(MAIN_FILES.some((file) => file.endsWith("app-menu-template.ts"))).toBe(true);
  });

  it("in the window: no JSX text, text attribute, toast, dialog or sentence but from the catalogue", () => {
    expect(readable(scan(WINDOW_FILES, RENDERER_RULES).filter((finding) => !isAllowed(finding)))).toEqual([]);
  });

  it("in the main process: no menu label, dialog text or notification but from the catalogue", () => {
    expect(readable(scan(MAIN_FILES, MAIN_RULES).filter((finding) => !isAllowed(finding)))).toEqual([]);
  });

  it("allows only literals that are still there, each with a reason", () => {
    const findings = [...scan(WINDOW_FILES, RENDERER_RULES), ...scan(MAIN_FILES, MAIN_RULES)];
    const stale = allowedStrings.filter((entry) => entry.reason.trim() === "" || !findings.some((finding) => finding.file === entry.file && finding.text === entry.text));
    expect(stale).toEqual([]);
  });
});
