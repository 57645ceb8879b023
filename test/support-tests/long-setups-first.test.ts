import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LONG_SETUP_FILES, longSetupsFirst } from "../support/long-setups-first";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the order test files start in", () => {
  it("names only files that exist, each once", () => {
    expect(LONG_SETUP_FILES.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    expect(new Set(LONG_SETUP_FILES).size).toBe(LONG_SETUP_FILES.length);
  });

  it("starts the long ones first, in the list's order, and keeps the others' order", () => {
    const files = ["test/a.test.ts", "test/torture/campaign.test.ts", "test/b.test.ts", "test/bench/bench-quick.test.ts", "test/c.test.ts"].map((file) => ({ moduleId: path.join(root, file) }));
    const ordered = longSetupsFirst(files, root).map((file) => path.relative(root, file.moduleId));
    expect(ordered).toEqual(["test/bench/bench-quick.test.ts", "test/torture/campaign.test.ts", "test/a.test.ts", "test/b.test.ts", "test/c.test.ts"]);
  });
});
