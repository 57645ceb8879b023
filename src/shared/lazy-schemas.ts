/**
 * A map of argument schemas, each made at its first use. Making a zod schema costs time, and
 * making every channel's when the main process starts delayed the window's first screen,
 * which calls two channels: a channel's schema is now made when that channel is first called.
 */
import type { z } from "zod";

export type SchemaMakers = Readonly<Record<string, () => z.ZodType>>;
export type LazySchemas<M extends SchemaMakers> = { readonly [K in keyof M]: ReturnType<M[K]> };

export function lazySchemas<M extends SchemaMakers>(makers: M): LazySchemas<M> {
  const schemas: Record<string, z.ZodType> = {};
  for (const [channel, make] of Object.entries(makers)) {
    Object.defineProperty(schemas, channel, {
      enumerable: true,
      configurable: true,
      get() {
        const schema = make();
        Object.defineProperty(schemas, channel, { value: schema, enumerable: true, writable: false, configurable: false });
        return schema;
      },
    });
  }
  return schemas as LazySchemas<M>;
}
