/**
 * A terminal chat that survives being stopped: every step is saved in .agent-runs/ as it
 * happens (the seed's save-and-resume example).
 *
 *   npm run chat                start a new conversation
 *   npm run chat -- --resume    continue the most recently updated one
 *
 * Reads one message per line from stdin (a terminal or a pipe). Ctrl+C or SIGTERM stops a
 * run cleanly: its calls are closed, the conversation is saved, and --resume continues it.
 * Environment: ANTHROPIC_API_KEY (required), ANTHROPIC_BASE_URL, ALPINE_MODEL.
 */
import { createInterface } from "node:readline";

const RUNS_FOLDER = ".agent-runs";

if (!process.env.ANTHROPIC_API_KEY) {
  process.stderr.write(
    "ANTHROPIC_API_KEY is not set. Get a key at https://console.anthropic.com/settings/keys, then:\n" +
      "  export ANTHROPIC_API_KEY=sk-ant-...   (Windows PowerShell: $env:ANTHROPIC_API_KEY = \"sk-ant-...\")\n" +
      "  npm run chat\n",
  );
  process.exit(1);
}

// Loaded after the key check, so a missing key is reported at once; the model client (the
// heaviest part) loads while the first message is typed.
const agentModule = import("../src/main/agent/run/agent");
const [{ FileStore }, { State }, { abortOnSignals }] = await Promise.all([
  import("../src/main/agent/stores/file/file-store"),
  import("../src/main/agent/state/state"),
  import("../src/main/agent/run/signals"),
]);

abortOnSignals(); // SIGTERM / Ctrl+C: close the run's calls, save, exit 128 + signal
const interactive = Boolean(process.stdin.isTTY);
const lines = createInterface({ input: process.stdin, terminal: interactive })[Symbol.asyncIterator]();

/** The next non-empty line, or null at the end of input. */
async function readMessage(): Promise<string | null> {
  for (;;) {
    if (interactive) process.stdout.write("> ");
    const next = await lines.next();
    if (next.done) return null;
    if (next.value.trim() !== "") return next.value;
  }
}

const store = new FileStore(RUNS_FOLDER);

let state: InstanceType<typeof State>;
if (process.argv.includes("--resume")) {
  const [latest] = await store.list({ limit: 1 });
  if (!latest) {
    process.stderr.write(`No saved conversation in ${RUNS_FOLDER}/ yet. Start one with: npm run chat\n`);
    process.exit(1);
  }
  state = await store.load(latest.id);
  process.stdout.write(`(continuing "${state.title}", ${state.history.length} saved steps)\n`);
} else {
  const first = await readMessage();
  if (first === null) process.exit(0);
  state = new State(first);
}

const { Agent } = await agentModule;
const agent = new Agent({ model: process.env.ALPINE_MODEL || "claude-sonnet-4-6", system: "You are a helpful assistant.", store });

for (;;) {
  let streamed = "";
  try {
    const reply = await agent.run(state, {
      onEvent: (event) => {
        if (event.type === "think_start") streamed = "";
        if (event.type === "text_delta") {
          streamed += event.text;
          process.stdout.write(event.text);
        }
        if (event.type === "think_end" && streamed !== "") process.stdout.write("\n");
      },
    });
    if (state.stoppedBy === "ask" && state.pendingAsk) {
      const { question, choices } = state.pendingAsk;
      if (question !== streamed) process.stdout.write(`${question}${choices?.length ? ` (${choices.join(" / ")})` : ""}\n`);
    } else if (!(typeof reply === "string" && reply === streamed)) {
      process.stdout.write(`${typeof reply === "string" ? reply : JSON.stringify(reply, null, 2)}\n`);
    }
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    process.stderr.write(`${name}: ${message}\n`);
    if (name === "SignalAbortError") break; // abortOnSignals ends the process once the run is saved
  }
  const message = await readMessage();
  if (message === null) break;
  state.addUserMessage(message);
  await agent.save(state); // the message is kept even if the process stops before the reply
}
