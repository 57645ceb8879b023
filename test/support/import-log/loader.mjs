/** The resolve hook of register.mjs: logs bare specifiers (packages), not files or built-ins. */
import { appendFileSync } from "node:fs";

let file = null;

export function initialize(data) {
  file = data?.file ?? null;
}

export async function resolve(specifier, context, next) {
  const isPackage = !/^(\.|\/|node:|file:|data:)/.test(specifier);
  if (file && isPackage) appendFileSync(file, `${specifier}\n`);
  return next(specifier, context);
}
