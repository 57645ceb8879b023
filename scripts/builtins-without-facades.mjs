/**
 * Node's built-in modules taken with `process.getBuiltinModule()` in the main process's bundles
 * (the app's and the test host's), not by `import`. An ES module that imports a built-in gets a
 * facade of it, and making the facade reads every one of the module's exports, running the lazy
 * ones: `node:http`'s WebSocket loads undici, `node:crypto`'s webcrypto its Web Crypto, `node:fs`
 * its streams. Measured here (Node 22, a quiet process): importing node:module, util, fs, http,
 * path and crypto took 47 ms, getBuiltinModule for the same six 11 ms. A bundle reads only the
 * exports it uses, at the line it uses them.
 * https://nodejs.org/api/process.html#processgetbuiltinmoduleid (Node 22.3; Electron 45 runs Node 22)
 *
 * Rewritten: the import statements a chunk begins with, where they name a built-in
 * (`node:fs`, or `fs`, as a bundled CommonJS package's `require` becomes). Every other import,
 * and anything after the first statement that is not an import, is left as it is.
 */
// Node's own test of a built-in's name: `node:fs`, `fs`, `fs/promises`, `node:test` (not `test`).
import { isBuiltin } from "node:module";

const IDENTIFIER = "[A-Za-z_$][\\w$]*";
// One import statement at the start of what is left: `import x from "m"`, `import * as x from "m"`,
// `import { a as b, c } from "m"`, `import x, { a } from "m"`, `import "m"` (its semicolon optional).
const IMPORT = new RegExp(
  `^import\\s*(?:(${IDENTIFIER})\\s*(?:,\\s*)?)?(?:\\*\\s*as\\s+(${IDENTIFIER})|\\{([^}]*)\\})?\\s*(?:from\\s*)?(["'])([^"']+)\\4\\s*;?`,
);
// What may stand between two import statements: white space and comments.
const GAP = /^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/;

/** The chunk with its leading imports of built-ins rewritten; the same text when it has none. */
export function withoutBuiltinFacades(code) {
  let rest = code;
  let head = "";
  let changed = false;
  for (;;) {
    const gap = GAP.exec(rest)[0];
    const match = IMPORT.exec(rest.slice(gap.length));
    if (!match) break;
    const [statement, defaultName, namespaceName, named, , source] = match;
    head += gap;
    rest = rest.slice(gap.length + statement.length);
    if (!isBuiltin(source)) {
      head += statement;
      continue;
    }
    changed = true;
    head += declarations(source, defaultName, namespaceName, named);
  }
  return changed ? head + rest : code;
}

function declarations(source, defaultName, namespaceName, named) {
  const module = `process.getBuiltinModule(${JSON.stringify(source)})`;
  const whole = [defaultName, namespaceName].filter(Boolean);
  const picked = [];
  for (const specifier of (named ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [imported, local = imported] = specifier.split(/\s+as\s+/).map((s) => s.trim());
    // A CommonJS built-in's default export is the module itself.
    if (imported === "default") whole.push(local);
    else picked.push(imported === local ? imported : `${imported}: ${local}`);
  }
  if (whole.length === 0 && picked.length === 0) return `${module};`;
  const [first, ...others] = whole;
  const name = first ?? `__builtin_${source.replace(/\W/g, "_")}`;
  let text = `const ${name} = ${module};`;
  for (const other of others) text += `const ${other} = ${name};`;
  if (picked.length > 0) text += `const { ${picked.join(", ")} } = ${name};`;
  return text;
}

/** The plugin: applied to every chunk the build writes. */
export function builtinsWithoutFacades() {
  return {
    name: "alpine-builtins-without-facades",
    enforce: "post",
    renderChunk(code) {
      const rewritten = withoutBuiltinFacades(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
