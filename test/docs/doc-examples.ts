/**
 * The TypeScript examples of a Markdown page, each with how a test runs it. Every ```ts block
 * must follow an HTML comment (invisible on the rendered page) that says so:
 *
 *   <!-- example: {"runs": [{"replies": [{"text": "Hello"}], "prints": ["Hello"]}]} -->
 *
 * Each run starts the example once (`args` on its command line, in the same folder as the
 * runs before it), the scripted model server answering with `replies`; it must exit with 0 and
 * print each line of `prints`.
 */
import { readFileSync } from "node:fs";
import type { ScriptedReply } from "../support/model-server";

export interface ExampleRun {
  args?: string[];
  replies?: ScriptedReply[];
  prints?: string[];
}

export interface DocExample {
  /** The page and the line its code starts on, for failure messages. */
  where: string;
  code: string;
  runs: ExampleRun[];
}

const BLOCK = /(?:<!--\s*example:\s*(\{[\s\S]*?\})\s*-->\s*\n)?```ts\n([\s\S]*?)```/g;

/** Every ```ts block of `file`; throws when one has no example comment, so none goes untested. */
export function docExamples(file: string, label = file): DocExample[] {
  const text = readFileSync(file, "utf8");
  const examples: DocExample[] = [];
  for (const match of text.matchAll(BLOCK)) {
    const line = text.slice(0, match.index).split("\n").length;
    const where = `${label}:${line}`;
    if (!match[1]) throw new Error(`${where}: a \`\`\`ts block without an <!-- example: {...} --> comment before it`);
    const { runs } = JSON.parse(match[1]) as { runs: ExampleRun[] };
    examples.push({ where, code: match[2], runs });
  }
  return examples;
}
