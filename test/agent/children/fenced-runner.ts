/**
 * A runner child for the fencing test: loads State RUNNER_STATE from the store of
 * runner-store.ts (waiting while another runner holds it) and runs it. Its one tool, `step`,
 * marks RUNNER_MARKER, prints TOOL_STARTED <callId> and returns after RUNNER_TOOL_MS.
 *
 * stdout lines: "EVENT <json>" per step event, "TOOL_STARTED <callId>", "BUSY" while waiting,
 * and at the end "RESULT <json>" or "FAILED <name>: <first line of the message>".
 */
import { appendFileSync } from "node:fs";
import { Agent } from "../../../src/main/agent/run/agent";
import { StateBusyError } from "../../../src/main/agent/errors";
import type { Tool } from "../../../src/main/agent/tools/tool";
import { openRunnerStore } from "./runner-store";

const stateId = process.env.RUNNER_STATE!;
const toolMs = Number(process.env.RUNNER_TOOL_MS ?? "3000");
const tools: Tool[] = [
  {
    name: "step",
    description: "Does one step of work.",
    inputSchema: { type: "object" },
    run: (_input, { callId }) => {
      appendFileSync(process.env.RUNNER_MARKER!, `${process.env.RUNNER_NAME} ran ${callId}\n`);
      process.stdout.write(`TOOL_STARTED ${callId}\n`);
      return new Promise((resolve) => setTimeout(() => resolve(`step ${callId} done`), toolMs));
    },
  },
];

const store = await openRunnerStore();
const agent = new Agent({ model: "claude-sonnet-4-6", system: "Test runner.", store, tools });
const onEvent = (event: unknown) => process.stdout.write(`EVENT ${JSON.stringify(event)}\n`);
const deadline = Date.now() + 30_000;
for (;;) {
  try {
    const result = await agent.run(await store.load(stateId), { onEvent });
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
    break;
  } catch (error) {
    if (error instanceof StateBusyError && Date.now() < deadline) {
      process.stdout.write("BUSY\n");
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    process.stdout.write(`FAILED ${(error as Error).name}: ${(error as Error).message.split("\n")[0]}\n`);
    break;
  }
}
await (store as { close?: () => unknown }).close?.();
process.exit(0);
