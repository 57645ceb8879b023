/**
 * The main process's compile cache: asked for where Node has it (Electron's), skipped where it
 * does not (this Node 20), and a cache that cannot be set up never stops the launch.
 */
import { describe, expect, it } from "vitest";
import { enableCompileCache } from "../../src/main/electron/compile-cache";

describe("enableCompileCache", () => {
  it("asks Node for the cache in the given folder when Node has one", () => {
    const asked: (string | undefined)[] = [];
    expect(enableCompileCache("/data/Compile Cache", { enableCompileCache: (folder) => asked.push(folder) })).toBe(true);
    expect(asked).toEqual(["/data/Compile Cache"]);
  });

  it("goes on without it on a Node that has none, or when it cannot be set up", () => {
    expect(enableCompileCache("/data/Compile Cache", {})).toBe(false);
    const failing = () => {
      throw new Error("read-only folder");
    };
    expect(enableCompileCache("/data/Compile Cache", { enableCompileCache: failing })).toBe(false);
  });
});
