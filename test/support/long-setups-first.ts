/**
 * The order test files start in. Without timings from an earlier run (a clean clone, as in CI),
 * vitest starts the largest files first, so the few small files whose setup runs for a minute or
 * more (the quick benchmark, the kill campaigns, the packed app) started last and ran alone at
 * the end, one core idle. The files below start first, in this order; the rest as vitest orders them.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Paths from the project's root, longest first (as timed in a whole `npm test` run). */
export const LONG_SETUP_FILES = [
  "test/bench/bench-quick.test.ts",
  "test/e2e/acknowledgements.test.ts",
  "test/torture/campaign.test.ts",
  "test/e2e/first-screen.test.ts",
  "test/e2e/accessibility.test.ts",
  "test/packaging/packed-app.test.ts",
  "test/torture/postgres-campaign.test.ts",
  "test/store/conformance.test.ts",
];

/** `files` with those in `first` (paths from `root`) moved to the front in that order, the others keeping theirs. */
export function longSetupsFirst<T extends { moduleId: string }>(files: T[], root: string, first: readonly string[] = LONG_SETUP_FILES): T[] {
  const rank = (file: T) => {
    const index = first.indexOf(path.relative(root, file.moduleId).split(path.sep).join("/"));
    return index === -1 ? first.length : index;
  };
  return files.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file);
}

export class LongSetupsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longSetupsFirst(await super.sort(files), this.ctx.config.root);
  }
}
