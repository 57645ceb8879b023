/** The README stays a few screens long, and every page or picture of docs/ it points at exists. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../agent/helpers";

const MAX_LINES = 250;
const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");

/** Every docs/ path the README links to or shows (Markdown links and HTML src/srcset), without its #anchor. */
export function docsTargets(text: string): string[] {
  const found = [...text.matchAll(/\]\((docs\/[^)#\s]+)|(?:src|srcset)="(docs\/[^"#\s]+)"/g)].map((match) => match[1] ?? match[2]);
  return [...new Set(found)].sort();
}

describe("the README", () => {
  it(`is at most ${MAX_LINES} lines`, () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(MAX_LINES);
  });

  it("links only to docs that exist", () => {
    const targets = docsTargets(readme);
    expect(targets).toEqual(expect.arrayContaining(["docs/architecture.md", "docs/agent-library.md", "docs/performance.md", "docs/images/window-light.png"]));
    expect(targets.filter((target) => !existsSync(path.join(REPO_ROOT, target)))).toEqual([]);
  });

  it("finds links and pictures, anchors left out, and so notices one that is missing", () => {
    const text = '[a](docs/a.md#part) [b](docs/b.md) <img src="docs/images/x.png"> [site](https://example.com/docs/c.md)';
    expect(docsTargets(text)).toEqual(["docs/a.md", "docs/b.md", "docs/images/x.png"]);
  });
});
