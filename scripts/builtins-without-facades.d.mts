import type { Plugin } from "vite";

export function withoutBuiltinFacades(code: string): string;
export function builtinsWithoutFacades(): Plugin;
