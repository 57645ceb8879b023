/**
 * A tool's question (`askPerson`) and real kills. Killed while the State waits for the
 * person, or after the answer was saved, the loaded State still waits (or holds the
 * answer): nothing is unknown, and the tool runs with the answer once. Killed while the
 * tool runs again with the answer, the call gets the unknown result and is not run a third time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type TestContext, describe, it } from "vitest";
import { Agent, FileStore, UNKNOWN_RESULT_TEXT, type Tool } from "../../src/main/agent";
import { sentMessages, type ModelServer } from "../support/model-server";
import { type Child, MODEL, clientFor, useRunnerChildren } from "./helpers";

const RUNNER = fileURLToPath(new URL("./children/asking-runner.ts", import.meta.url));

interface Setup {
  server: ModelServer;
  dir: string;
  store: FileStore;
  marker: () => string[];
  /** A child holding State `stateId`; `send` writes a command line to it. */
  runner(stateId: string): Child & { send(command: string): void };
}

async function setUp(context: TestContext): Promise<Setup> {
  const { server, dir, runner } = await useRunnerChildren(RUNNER, context);
  const marker = () => readFileSync(join(dir, "marker.txt"), "utf8").trim().split("\n");
  return {
    server,
    dir,
    store: new FileStore(join(dir, "runs")),
    marker,
    runner: (stateId) => {
      const child = runner(stateId);
      return Object.assign(child, { send: (command: string) => void child.process.stdin!.write(`${command}\n`) });
    },
  };
}

const askingTurn = {
  toolUses: [
    { id: "call_mail", name: "send_email", input: {} },
    { id: "call_note", name: "note", input: {} },
  ],
};

/** The child's tools, in this process; each run with an answer is recorded. */
function testTools(ran: string[]): Tool[] {
  return [
    {
      name: "send_email",
      description: "Sends an email once the person allows it.",
      inputSchema: { type: "object" },
      run: (_input, { answer }) => {
        ran.push(String(answer));
        if (answer === undefined) throw new Error("send_email must not ask again: its question was answered");
        return `sent (${answer})`;
      },
    },
    { name: "note", description: "Returns at once.", inputSchema: { type: "object" }, run: () => "noted" },
  ];
}

const unknownResults = (state: { history: readonly { kind: string; status?: string }[] }) =>
  state.history.filter((e) => e.kind === "tool_result" && e.status === "unknown");

describe.concurrent("a tool's question and kills", () => {
  it("SIGKILL while the State waits for the person: the question is still open after loading, nothing is unknown", async (context) => {
    const { expect } = context;
    const { server, store, runner, marker } = await setUp(context);
    server.script(askingTurn);
    const child = runner("killed-waiting");
    child.send("run");
    expect(await child.waitForLine((l) => l.startsWith("RESULT "), "RESULT")).toBe('RESULT "Send the email?"');
    child.process.kill("SIGKILL");
    await child.exited;

    const loaded = await store.load("killed-waiting");
    expect(loaded.stoppedBy).toBe("ask");
    expect(loaded.pendingAsk).toEqual({ callId: "call_mail", question: "Send the email?", choices: ["Send", "Cancel"], tool: "send_email", digest: expect.any(String), seal: expect.any(String) });
    expect(unknownResults(loaded)).toEqual([]);
    expect(loaded.history.find((e) => e.kind === "tool_result")).toMatchObject({ callId: "call_note", text: "noted" });

    const ran: string[] = [];
    const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: testTools(ran) });
    loaded.addUserMessage("Send");
    server.script({ text: "Sent." });
    expect(await agent.run(loaded)).toBe("Sent.");
    expect(ran).toEqual(["Send"]);
    expect(sentMessages(server.requests[1]).at(-1).content).toContainEqual({ type: "tool_result", tool_use_id: "call_mail", content: "sent (Send)" });
    expect(marker()).toEqual(["ran call_mail (no answer)"]);
  });

  it("SIGKILL after the answer was saved, before the next run: the answer stands and the tool runs with it once", async (context) => {
    const { expect } = context;
    const { server, store, runner, marker } = await setUp(context);
    server.script(askingTurn);
    const child = runner("killed-answered");
    child.send("run");
    await child.waitForLine((l) => l.startsWith("RESULT "), "RESULT");
    child.send("answer Send");
    await child.waitForLine((l) => l === "SAVED", "SAVED");
    child.process.kill("SIGKILL");
    await child.exited;

    const loaded = await store.load("killed-answered");
    expect(loaded.pendingAsk).toBeNull();
    expect(loaded.answeredAsk).toMatchObject({ callId: "call_mail", tool: "send_email", answer: "Send" });
    expect(unknownResults(loaded)).toEqual([]);

    const ran: string[] = [];
    const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: testTools(ran) });
    server.script({ text: "Sent." });
    expect(await agent.run(loaded)).toBe("Sent.");
    expect(ran).toEqual(["Send"]);
    expect(marker()).toEqual(["ran call_mail (no answer)"]);
  });

  it("SIGKILL while the tool runs with the answer: the call's outcome is unknown and the tool is not run a third time", async (context) => {
    const { expect } = context;
    const { server, store, runner, marker } = await setUp(context);
    server.script(askingTurn);
    const child = runner("killed-rerunning");
    child.send("run");
    await child.waitForLine((l) => l.startsWith("RESULT "), "RESULT");
    child.send("answer Send");
    await child.waitForLine((l) => l === "SAVED", "SAVED");
    child.send("run");
    await child.waitForLine((l) => l === "TOOL_STARTED call_mail Send", "TOOL_STARTED");
    expect(server.requests).toHaveLength(1); // run again before any model request
    child.process.kill("SIGKILL");
    expect((await child.exited).signal).toBe("SIGKILL");

    const loaded = await store.load("killed-rerunning");
    expect(loaded.stoppedBy).toBeNull();
    expect(loaded.pendingAsk).toBeNull();
    expect(loaded.answeredAsk).toBeNull();
    expect(loaded.history.find((e) => e.kind === "tool_result" && e.callId === "call_mail")).toMatchObject({ status: "unknown", text: UNKNOWN_RESULT_TEXT });

    const ran: string[] = [];
    const agent = new Agent({ model: MODEL, system: "Test runner.", client: clientFor(server), store, tools: testTools(ran) });
    server.script({ text: "I will check whether the email went out." });
    expect(await agent.run(loaded)).toBe("I will check whether the email went out.");
    expect(ran).toEqual([]);
    expect(sentMessages(server.requests[1]).at(-1).content).toContainEqual({
      type: "tool_result",
      tool_use_id: "call_mail",
      content: UNKNOWN_RESULT_TEXT,
      is_error: true,
    });
    expect(marker()).toEqual(["ran call_mail (no answer)", "ran call_mail Send"]);
    expect(unknownResults(await store.load("killed-rerunning"))).toHaveLength(1);
  });
});
