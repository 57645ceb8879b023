/**
 * `npm run chat` (scripts/chat.ts) driven through stdin against the scripted model server,
 * then `--resume` continuing the same conversation from .agent-runs/.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type TestContext, describe, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";
import { type Child, REPO_ROOT, makeTempDir, removeDir, startChild } from "./helpers";

const CHAT = join(REPO_ROOT, "scripts/chat.ts");

/** A scripted server, a working folder, and chat children in it; all cleaned up after the test. */
async function setUp({ onTestFinished }: TestContext): Promise<{ server: ModelServer; dir: string; chat(args: string[], env?: Record<string, string>): Child }> {
  const server = await startModelServer();
  const dir = makeTempDir();
  const children: Child[] = [];
  onTestFinished(async () => {
    for (const child of children) {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
      await child.exited;
    }
    await server.close();
    removeDir(dir);
  });
  const chat = (args: string[], env: Record<string, string> = {}): Child => {
    const child = startChild(CHAT, { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url, ...env }, { cwd: dir, args });
    children.push(child);
    return child;
  };
  return { server, dir, chat };
}

// The tests wait on their own child processes and run side by side.
describe.concurrent("npm run chat", () => {
it("chats through stdin, saves in .agent-runs/, and --resume continues the last conversation", async (context) => {
  const { expect } = context;
  const { server, dir, chat } = await setUp(context);
  server.script({ text: "Hello! How can I help?" }, { text: "Paris is the capital of France." });
  const first = chat([]);
  first.process.stdin!.write("Hi there\n");
  await first.waitForLine((l) => l === "Hello! How can I help?", "the first reply");
  first.process.stdin!.write("What is the capital of France?\n");
  await first.waitForLine((l) => l === "Paris is the capital of France.", "the second reply");
  first.process.stdin!.end();
  expect((await first.exited).code).toBe(0);
  const conversations = readdirSync(join(dir, ".agent-runs"), { withFileTypes: true }).filter((d) => d.isDirectory());
  expect(conversations).toHaveLength(1);

  server.script({ text: "About 2.1 million people." });
  const resumed = chat(["--resume"]);
  await resumed.waitForLine((l) => l.startsWith("(continuing"), "the resume line");
  // The last reply is shown again without asking the model again.
  await resumed.waitForLine((l) => l === "Paris is the capital of France.", "the last reply");
  resumed.process.stdin!.write("And its population?\n");
  await resumed.waitForLine((l) => l === "About 2.1 million people.", "the third reply");
  resumed.process.stdin!.end();
  expect((await resumed.exited).code).toBe(0);

  expect(server.requests).toHaveLength(3);
  const texts = server.requests[2].body.messages.map((m: { content: { text: string }[] }) => m.content.map((b) => b.text).join(""));
  expect(texts).toEqual(["Hi there", "Hello! How can I help?", "What is the capital of France?", "Paris is the capital of France.", "And its population?"]);
  const auth = server.requests[2].headers["x-api-key"] ?? server.requests[2].headers.authorization;
  expect(auth).toContain("test-key"); // the key came from the environment
});

it("without an API key it says how to set one and exits non-zero", async (context) => {
  const { expect } = context;
  const { server, chat } = await setUp(context);
  const child = chat([], { ANTHROPIC_API_KEY: "" });
  const exit = await child.exited;
  expect(exit.code).toBe(1);
  expect(child.stderr()).toContain("ANTHROPIC_API_KEY is not set");
  expect(child.stderr()).toContain("export ANTHROPIC_API_KEY=");
  expect(server.requests).toHaveLength(0);
});

it("--resume with nothing saved says how to start", async (context) => {
  const { expect } = context;
  const { chat } = await setUp(context);
  const child = chat(["--resume"]);
  expect((await child.exited).code).toBe(1);
  expect(child.stderr()).toContain("No saved conversation");
});
});
