import { describe, expect, it } from "vitest";
import { blockGroups, GROUP_BLOCKS } from "../../src/renderer/src/markdown/block-groups";

describe("blockGroups", () => {
  it("cuts the blocks shown at the reply's multiples of GROUP_BLOCKS, keyed by their place in the reply", () => {
    expect(blockGroups(40, 0)).toEqual([
      { group: 0, start: 0, end: 16 },
      { group: 1, start: 16, end: 32 },
      { group: 2, start: 32, end: 40 },
    ]);
    // Shown from block 20 of the reply (the blocks above come in a later render): the first group is the rest of group 1.
    expect(blockGroups(30, 20)).toEqual([
      { group: 1, start: 0, end: 12 },
      { group: 2, start: 12, end: 28 },
      { group: 3, start: 28, end: 30 },
    ]);
  });

  it("keeps each block in the same group whatever is shown above it, and every block in one group", () => {
    for (const [count, from] of [[0, 0], [1, 0], [16, 0], [17, 5], [100, 33], [48, 16]]) {
      const groups = blockGroups(count, from);
      const blocks = groups.flatMap(({ group, start, end }) => Array.from({ length: end - start }, (_, i) => ({ group, block: from + start + i })));
      expect(blocks.map((b) => b.block)).toEqual(Array.from({ length: count }, (_, i) => from + i));
      for (const { group, block } of blocks) expect(group).toBe(Math.floor(block / GROUP_BLOCKS));
      for (const { start, end } of groups) expect(end - start).toBeLessThanOrEqual(GROUP_BLOCKS);
    }
  });
});
