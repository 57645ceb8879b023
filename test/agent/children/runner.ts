/**
 * A child process that runs one State on a FileStore (or the store RUNNER_STORE_KIND names,
 * see runner-store.ts), for kill and signal tests.
 * The model client is the SDK's default: ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; with
 * RUNNER_OPENAI_URL, the OpenAI-compatible provider on that base URL (model RUNNER_MODEL).
 *
 * Environment: RUNNER_STORE (folder), RUNNER_STATE (id), RUNNER_MARKER (a file each run of
 * slow_task appends a line to), RUNNER_LOAD=1 to load the State instead of making it,
 * RUNNER_SIGNALS=1 to use abortOnSignals(), RUNNER_THINKING=<budget> for extended thinking,
 * RUNNER_BRANCH_FROM (a saved State's id) with RUNNER_BRANCH_AT (a seq) and
 * RUNNER_BRANCH_MESSAGE to run a new branch of it (an edit).
 *
 * stdout lines: "EVENT <json>" per step event, "TOOL_STARTED <callId>", and at the end
 * "RESULT <json>" or "FAILED <name>".
 */
import { appendFileSync } from "node:fs";
import { Agent } from "../../../src/main/agent/run/agent";
import { abortOnSignals } from "../../../src/main/agent/run/signals";
import { State } from "../../../src/main/agent/state/state";
import { branchState } from "../../../src/main/agent/state/branch";
import type { Tool } from "../../../src/main/agent/tools/tool";
import { openRunnerStore } from "./runner-store";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

if (process.env.RUNNER_SIGNALS === "1") abortOnSignals();

const tools: Tool[] = [
  {
    name: "slow_task",
    description: "Takes a long time and ignores aborts.",
    inputSchema: { type: "object" },
    run: (_input, { callId }) => {
      appendFileSync(env("RUNNER_MARKER"), `ran ${callId}\n`);
      process.stdout.write(`TOOL_STARTED ${callId}\n`);
      // Ten minutes of work (a timer keeps the process alive, as real work would); ignores aborts.
      return new Promise((resolve) => setTimeout(() => resolve("finally done"), 10 * 60_000));
    },
  },
  { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted" },
];

const store = await openRunnerStore(); // a FileStore on RUNNER_STORE unless RUNNER_STORE_KIND says otherwise
const openaiURL = process.env.RUNNER_OPENAI_URL;
const provider = openaiURL
  ? new (await import("../../../src/main/agent/run/providers/openai-provider")).OpenAICompatibleProvider({ baseURL: openaiURL, maxRetries: 0 })
  : undefined;
const model = process.env.RUNNER_MODEL ?? (openaiURL ? "llama3.2:3b" : "claude-sonnet-4-6");
const agent = new Agent({ model, system: "Test runner.", store, tools, ...(provider ? { provider } : {}) });
const makeState = async (): Promise<State> => {
  if (process.env.RUNNER_LOAD === "1") return store.load(env("RUNNER_STATE"));
  if (process.env.RUNNER_BRANCH_FROM) {
    const from = await store.load(env("RUNNER_BRANCH_FROM"));
    return branchState(from, Number(env("RUNNER_BRANCH_AT")), { id: env("RUNNER_STATE"), message: env("RUNNER_BRANCH_MESSAGE") });
  }
  const thinking = process.env.RUNNER_THINKING ? { budgetTokens: Number(process.env.RUNNER_THINKING) } : null;
  return new State("Do the slow task", { id: env("RUNNER_STATE"), thinking });
};
const state = await makeState();
try {
  const result = await agent.run(state, { onEvent: (event) => process.stdout.write(`EVENT ${JSON.stringify(event)}\n`) });
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (error) {
  process.stdout.write(`FAILED ${(error as Error).name}\n`);
}
