/**
 * Where the branches of a conversation part, as the window shows them along one branch:
 * at each such point a switcher (‹ 2 / 3 ›) whose choices are the lines that go on from
 * there. Choosing a line opens its branch updated or shown last, so the rest follows the
 * choice. Built from the conversation's list rows alone (docs/branches.md): a branch's
 * parent and fork seq, its entry count and when it was updated or shown.
 */
import { type SavedStateInfo, lastSeenAt } from "../../agent";
import type { BranchFork } from "../../../shared/view-types";

type Row = Pick<SavedStateInfo, "id" | "parent" | "entryCount" | "createdAt" | "updatedAt" | "shownAt">;

/** The parting points along `shownId`'s history, oldest first. Empty for a conversation without branches. */
export function forksAlong(rows: readonly Row[], shownId: string): BranchFork[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<string, Row[]>();
  for (const row of rows) {
    if (!row.parent || !byId.has(row.parent.id)) continue;
    const list = children.get(row.parent.id) ?? [];
    list.push(row);
    children.set(row.parent.id, list);
  }
  const path = pathTo(byId, shownId);
  const forks: BranchFork[] = [];
  path.forEach((member, j) => {
    const next = path[j + 1];
    const lastOnPath = next ? next.parent!.seq : Number.POSITIVE_INFINITY;
    const atSeq = new Map<number, Row[]>();
    for (const child of children.get(member.id) ?? []) {
      if (child.parent!.seq > lastOnPath) continue;
      atSeq.set(child.parent!.seq, [...(atSeq.get(child.parent!.seq) ?? []), child]);
    }
    for (const [seq, forked] of atSeq) {
      const lines = forked.map((child) => ({ line: child, target: newestIn(child, children, -1) }));
      // The member itself goes on past the fork when it has an entry there.
      if (member.entryCount > seq + 1) lines.push({ line: member, target: newestIn(member, children, seq) });
      if (lines.length < 2) continue;
      lines.sort((a, b) => (a.line.createdAt < b.line.createdAt ? -1 : a.line.createdAt > b.line.createdAt ? 1 : 0));
      const chosen = next && next.parent!.seq === seq ? next.id : member.id;
      forks.push({ seq: seq + 1, index: Math.max(0, lines.findIndex((l) => l.line.id === chosen)), options: lines.map((l) => l.target.id) });
    }
  });
  return forks.sort((a, b) => a.seq - b.seq);
}

/** Root first, ending at `id` (a chain that loops or misses a parent stops there). */
function pathTo(byId: Map<string, Row>, id: string): Row[] {
  const path: Row[] = [];
  const seen = new Set<string>();
  for (let row = byId.get(id); row && !seen.has(row.id); row = row.parent ? byId.get(row.parent.id) : undefined) {
    seen.add(row.id);
    path.unshift(row);
  }
  return path;
}

/**
 * The branch updated or shown last among `line` and what grows from it: its branches forked after
 * `afterSeq` (a member going on past a fork keeps only what forks later), and theirs.
 */
function newestIn(line: Row, children: Map<string, Row[]>, afterSeq: number): Row {
  let newest = line;
  const queue = (children.get(line.id) ?? []).filter((child) => child.parent!.seq > afterSeq);
  const seen = new Set<string>([line.id]);
  while (queue.length > 0) {
    const row = queue.pop()!;
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    if (lastSeenAt(row) > lastSeenAt(newest)) newest = row;
    queue.push(...(children.get(row.id) ?? []));
  }
  return newest;
}
