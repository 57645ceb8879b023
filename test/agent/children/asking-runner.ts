/**
 * A child process holding one State on a FileStore whose tool asks the person first, for
 * kill tests. The model client is the SDK's default: ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL.
 *
 * Environment: RUNNER_STORE (folder), RUNNER_STATE (id), RUNNER_MARKER (a file each run of
 * send_email appends a line to).
 *
 * Commands on stdin, one a line: "run" (prints "RESULT <json>" or "FAILED <name>"),
 * "answer <text>" (adds the answer and saves it; prints "SAVED"). Between commands the
 * process idles, as an app does while it waits for the person.
 * send_email asks on its first run; run again with the answer it prints
 * "TOOL_STARTED <callId> <answer>" and works for ten minutes, ignoring aborts.
 */
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Agent } from "../../../src/main/agent/run/agent";
import { askPerson } from "../../../src/main/agent/tools/ask-person";
import { FileStore } from "../../../src/main/agent/stores/file/file-store";
import { State } from "../../../src/main/agent/state/state";
import type { Tool } from "../../../src/main/agent/tools/tool";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const tools: Tool[] = [
  {
    name: "send_email",
    description: "Sends an email once the person allows it.",
    inputSchema: { type: "object" },
    run: (_input, { callId, answer }) => {
      appendFileSync(env("RUNNER_MARKER"), `ran ${callId} ${answer ?? "(no answer)"}\n`);
      if (answer === undefined) return askPerson({ question: "Send the email?", choices: ["Send", "Cancel"] });
      process.stdout.write(`TOOL_STARTED ${callId} ${answer}\n`);
      return new Promise((resolve) => setTimeout(() => resolve("sent"), 10 * 60_000));
    },
  },
  { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted" },
];

const store = new FileStore(env("RUNNER_STORE"));
const agent = new Agent({ model: "claude-sonnet-4-6", system: "Test runner.", store, tools });
const state = new State("Email Ada", { id: env("RUNNER_STATE") });

for await (const line of createInterface({ input: process.stdin })) {
  if (line === "run") {
    try {
      const result = await agent.run(state, { onEvent: (event) => process.stdout.write(`EVENT ${JSON.stringify(event)}\n`) });
      process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
    } catch (error) {
      process.stdout.write(`FAILED ${(error as Error).name}\n`);
    }
  } else if (line.startsWith("answer ")) {
    state.addUserMessage(line.slice("answer ".length));
    await agent.save(state);
    process.stdout.write("SAVED\n");
  }
}
