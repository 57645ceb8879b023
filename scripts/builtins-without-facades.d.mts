import type { Plugin } from "vite";

export function isBuiltin(source: string): boolean;
export function withoutBuiltinFacades(code: string): string;
export function builtinsWithoutFacades(): Plugin;
