/**
 * Every TypeScript example of the README and the library's guide runs, as a reader would run it
 * from the repository's root, against the real library and the scripted model server: each
 * must finish without an error and print what the page promises.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REPO_ROOT, makeTempDir, removeDir } from "../agent/helpers";
import { startModelServer, type ModelServer } from "../support/model-server";
import { type DocExample, docExamples } from "./doc-examples";

const LIBRARY = path.join(REPO_ROOT, "src/main/agent/index.ts");

const pages = ["README.md", "docs/agent-library.md"];
const examples = pages.flatMap((page) => docExamples(path.join(REPO_ROOT, page), page));

let server: ModelServer | null = null;
let folder = "";
let own = "";
afterEach(async () => {
  await server?.close();
  server = null;
  for (const dir of [folder, own]) if (dir) removeDir(dir);
});

/**
 * Runs the example in this process, as `node example.mts ...args` would in `cwd`: its
 * console.log lines are what it prints. (In this process, not a child, so the library is
 * compiled once for all the examples.)
 */
async function run(file: string, cwd: string, args: string[], env: Record<string, string>): Promise<string> {
  const printed: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => void printed.push(format(...parts)));
  const saved = { argv: process.argv, cwd: process.cwd(), env: Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]])) };
  process.argv = [process.execPath, file, ...args];
  process.chdir(cwd);
  Object.assign(process.env, env);
  try {
    await import(file);
  } finally {
    log.mockRestore();
    process.argv = saved.argv;
    process.chdir(saved.cwd);
    for (const [key, value] of Object.entries(saved.env)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return printed.join("\n");
}

async function runExample(example: DocExample): Promise<void> {
  server = await startModelServer();
  folder = makeTempDir();
  // Inside the repository (its packages resolve, as for a reader), in an ignored folder; run in a
  // temporary one (the example's own files go there). The pages import the library from the root.
  own = path.join(REPO_ROOT, "test-results/doc-examples", path.basename(folder));
  mkdirSync(own, { recursive: true });
  const code = example.code.replaceAll('"./src/main/agent"', JSON.stringify(LIBRARY));
  const env = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url };
  for (const [i, step] of example.runs.entries()) {
    const file = path.join(own, `example-${i + 1}.mts`); // a module of its own for each run
    writeFileSync(file, code);
    const before = server.requests.length;
    server.script(...(step.replies ?? []));
    const output = await run(file, folder, step.args ?? [], env);
    const what = `${example.where}, run ${i + 1}:\n${output}`;
    for (const line of step.prints ?? []) expect(output, what).toContain(line);
    expect(server.remaining(), `${what}\n(scripted replies left unasked)`).toBe(0);
    expect(server.requests.length - before, what).toBe(step.replies?.length ?? 0);
  }
}

describe("the examples of the docs run", () => {
  it("each page has examples, and each example is run", () => {
    for (const page of pages) expect(examples.filter((e) => e.where.startsWith(`${page}:`)).length, page).toBeGreaterThan(0);
    for (const example of examples) expect(example.runs.length, example.where).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [example.where, example] as const))("%s", async (_where, example) => {
    await runExample(example);
  }, 60_000);
});
