/**
 * Import circles: groups of files (or rooms) that reach each other through their imports, so
 * none of them can be read, tested or moved without the others. Found as the strongly
 * connected components of the import graph (Tarjan's algorithm); a group of one counts only
 * when it imports itself. Type-only imports count too: a reader follows them all the same.
 */
import type { ImportRef } from "./import-graph";

/** Every circle of a graph, each sorted, listed in sorted order. */
export function circlesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || edges.get(node)?.has(node)) found.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The file an import names (extension left out, or a folder's index), when it is one of `files`. */
export function importedFile(target: string, files: ReadonlySet<string>): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** The graph of `refs` between the given files, each file mapped to its node by `nodeOf`. */
export function importGraph(refs: readonly ImportRef[], files: readonly string[], nodeOf: (file: string) => string = (file) => file): Map<string, Set<string>> {
  const known = new Set(files);
  const edges = new Map<string, Set<string>>();
  for (const ref of refs) {
    if (!ref.target || !known.has(ref.from)) continue;
    const to = importedFile(ref.target, known);
    if (!to) continue;
    const [a, b] = [nodeOf(ref.from), nodeOf(to)];
    if (a === b && ref.from !== to) continue; // within one node (one room) is not a circle between nodes
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  return edges;
}

/** A file's room: its first folder below `folder` (a file directly in `folder` is a room of its own). */
export function roomOf(folder: string, file: string): string {
  const rest = file.slice(folder.length + 1);
  const slash = rest.indexOf("/");
  return slash === -1 ? rest.replace(/\.tsx?$/, "") : rest.slice(0, slash);
}
