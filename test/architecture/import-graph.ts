/**
 * Reads the import statements of the project's source files, so layer rules can be
 * checked the way VS Code checks its layer folders.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export interface ImportRef {
  /** The file that imports, relative to the project root, with forward slashes. */
  from: string;
  /** What is imported, as written. */
  specifier: string;
  /** The imported file relative to the root when the specifier is relative; else null. */
  target: string | null;
  /** `import type` / `export type`: erased at build time. */
  typeOnly: boolean;
}

const IMPORT_PATTERN =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of one file's text. */
export function importsOf(root: string, file: string, text: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[3] ?? match[4] ?? match[5];
    if (!specifier) continue;
    const target = specifier.startsWith(".")
      ? relative(root, resolve(root, dirname(file), specifier)).split("\\").join("/")
      : null;
    refs.push({ from: file, specifier, target, typeOnly: Boolean(match[2]) });
  }
  return refs;
}

/** Source files below `folder` (relative to root). */
export function sourceFiles(root: string, folder: string): string[] {
  const start = join(root, folder);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mts|cts)$/.test(name)) out.push(relative(root, path).split("\\").join("/"));
    }
  };
  try {
    walk(start);
  } catch {
    return [];
  }
  return out;
}

export function projectImports(root: string, folder: string): ImportRef[] {
  return sourceFiles(root, folder).flatMap((file) => importsOf(root, file, readFileSync(join(root, file), "utf8")));
}
