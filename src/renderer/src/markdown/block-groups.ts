/**
 * A reply's blocks in groups that the browser skips while they are off screen (.markdown__group).
 * With a box per block, a frame at the end of a 200 KB reply (763 blocks) spent 3 ms only finding
 * which of them were in view, and more walking them to lay out and paint: a frame cost more the
 * longer the reply. Groups are cut by a block's place in the reply, so a group keeps its blocks
 * whatever is shown above it, and a block that settles renders its group again, not the reply.
 */

export const GROUP_BLOCKS = 16;

export interface BlockGroupRange {
  /** The group's place in the reply: its key. */
  group: number;
  /** Its blocks among those shown: from `start` up to `end`. */
  start: number;
  end: number;
}

/** The groups of `count` blocks shown, the first of them block `from` of the reply. */
export function blockGroups(count: number, from: number): BlockGroupRange[] {
  const groups: BlockGroupRange[] = [];
  for (let start = 0; start < count; ) {
    const group = Math.floor((from + start) / GROUP_BLOCKS);
    const end = Math.min(count, (group + 1) * GROUP_BLOCKS - from);
    groups.push({ group, start, end });
    start = end;
  }
  return groups;
}
