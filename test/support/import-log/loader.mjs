/** The resolve hook of register.mjs: logs bare specifiers (packages) and built-ins ("builtin node:fs"), not files. */
import { appendFileSync } from "node:fs";
import { isBuiltin as isBuiltinName } from "node:module";

let file = null;

export function initialize(data) {
  file = data?.file ?? null;
}

export async function resolve(specifier, context, next) {
  const isBuiltin = isBuiltinName(specifier);
  const isPackage = !isBuiltin && !/^(\.|\/|file:|data:)/.test(specifier);
  if (file && isBuiltin) appendFileSync(file, `builtin ${specifier}\n`);
  else if (file && isPackage) appendFileSync(file, `${specifier}\n`);
  return next(specifier, context);
}
