/**
 * Every TypeScript example of the README and the library's guide runs, as a reader would run it
 * from the repository's root, against the real library and the scripted model server: each
 * must exit cleanly and print what the page promises.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT, TSX_LOADER, makeTempDir, removeDir } from "../agent/helpers";
import { startModelServer, type ModelServer } from "../support/model-server";
import { type DocExample, docExamples } from "./doc-examples";

const LIBRARY = pathToFileURL(path.join(REPO_ROOT, "src/main/agent/index.ts")).href;

const pages = ["docs/agent-library.md"];
const examples = pages.flatMap((page) => docExamples(path.join(REPO_ROOT, page), page));

let server: ModelServer | null = null;
let folder = "";
let own = "";
afterEach(async () => {
  await server?.close();
  server = null;
  for (const dir of [folder, own]) if (dir) removeDir(dir);
});

function run(file: string, cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, file, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

async function runExample(example: DocExample): Promise<void> {
  server = await startModelServer();
  folder = makeTempDir();
  // Inside the repository (its packages resolve, as for a reader), in an ignored folder; run in a
  // temporary one (the example's own files go there). The pages import the library from the root.
  own = path.join(REPO_ROOT, "test-results/doc-examples", path.basename(folder));
  mkdirSync(own, { recursive: true });
  const file = path.join(own, "example.mts");
  writeFileSync(file, example.code.replaceAll('"./src/main/agent"', JSON.stringify(LIBRARY)));
  const env = { ...process.env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url };
  for (const [i, step] of example.runs.entries()) {
    const before = server.requests.length;
    server.script(...(step.replies ?? []));
    const { code, output } = await run(file, folder, step.args ?? [], env);
    const what = `${example.where}, run ${i + 1}:\n${output}`;
    expect(code, what).toBe(0);
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
