/**
 * What only the OpenAI-compatible provider has to get right, against the scripted Chat
 * Completions server and the real `openai` SDK: arguments that are not JSON go back to the
 * model as a tool error; a hanging stream is given up; a model without tools, a server not
 * running and a refused key say so; images go as data URLs and a PDF is refused before any
 * request; usage comes from the final chunk; streamed reasoning shows as thinking.
 */
import { createServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  Agent,
  ModelKeyRefusedError,
  ModelOverloadedError,
  ModelServerUnreachableError,
  ModelTimeoutError,
  ModelWithoutToolsError,
  OpenAICompatibleProvider,
  State,
  UnsupportedAttachmentError,
  type Tool,
} from "../../src/main/agent";
import { startOpenAIServer, type OpenAIServer } from "../support/openai-server";
import { EventLog, rejectionOf } from "./helpers";

const MODEL = "llama3.2:3b";
let server: OpenAIServer;
beforeEach(async () => {
  server = await startOpenAIServer({ modelsWithoutTools: ["gemma:2b"] });
});
afterEach(async () => {
  await server.close();
});

const provider = (extra: Partial<ConstructorParameters<typeof OpenAICompatibleProvider>[0]> = {}) =>
  new OpenAICompatibleProvider({ baseURL: server.url, serverName: "Ollama", maxRetries: 0, ...extra });

/** A port nothing listens on: bound, then closed. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("the OpenAI-compatible provider", () => {
  it("sends arguments that are not a JSON object back to the model as a tool error; the tool never runs", async () => {
    let ran = 0;
    const search: Tool = { name: "search", description: "Searches.", inputSchema: { type: "object" }, run: () => `result ${++ran}` };
    server.script(
      { toolUses: [{ id: "call_bad", name: "search", input: null, rawArguments: '{"q": "unterminated' }] },
      { toolUses: [{ id: "call_good", name: "search", input: { q: "fixed" } }] },
      { text: "Found it." },
    );
    const state = new State("Search");
    expect(await new Agent({ model: MODEL, provider: provider(), tools: [search] }).run(state)).toBe("Found it.");
    expect(ran).toBe(1);
    const bad = state.history.find((e) => e.kind === "tool_result" && e.callId === "call_bad");
    expect(bad).toMatchObject({ status: "error" });
    expect(bad!.text).toContain('not a valid JSON object, so the tool did not run: "{\\"q\\": \\"unterminated"');
    const second = server.requests[1].body.messages;
    expect(second[1]).toEqual({ role: "assistant", content: null, tool_calls: [{ id: "call_bad", type: "function", function: { name: "search", arguments: '{"q": "unterminated' } }] });
    expect(second[2]).toMatchObject({ role: "tool", tool_call_id: "call_bad" });
  });

  it("gives up a stream that stops sending after the timeout, and the next run asks again", async () => {
    server.script({ hang: true, text: "Thinking about it" });
    const state = new State("Hi");
    const failure = await rejectionOf(new Agent({ model: MODEL, provider: provider({ timeoutMs: 800 }) }).run(state));
    expect(failure).toBeInstanceOf(ModelTimeoutError);
    expect(failure.message).toBe(`${MODEL} sent nothing for 800 ms, so the request was given up. Press Continue to ask again.`);
    expect(state.history.map((e) => e.kind)).toEqual(["user", "error"]);
    server.script({ text: "Here." });
    expect(await new Agent({ model: MODEL, provider: provider() }).run(state)).toBe("Here.");
  });

  it("says when the model cannot call tools", async () => {
    const failure = await rejectionOf(new Agent({ model: "gemma:2b", provider: provider() }).run(new State("Hi")));
    expect(failure).toBeInstanceOf(ModelWithoutToolsError);
    expect(failure.message).toContain("gemma:2b does not support tool calls");
  });

  it("a model without tools works when the Agent offers none", async () => {
    server.script({ text: "Plain." });
    expect(await new Agent({ model: "gemma:2b", provider: provider(), finishTool: false, askTool: false }).run(new State("Hi"))).toBe("Plain.");
    expect(server.requests[0].body.tools).toBeUndefined();
  });

  it("says the local server is not running, with its address, and no socket error", async () => {
    const baseURL = `http://127.0.0.1:${await freePort()}/v1`;
    const failure = await rejectionOf(new Agent({ model: MODEL, provider: new OpenAICompatibleProvider({ baseURL, serverName: "Ollama", maxRetries: 0 }) }).run(new State("Hi")));
    expect(failure).toBeInstanceOf(ModelServerUnreachableError);
    expect(failure.message).toBe(`Ollama is not running at ${baseURL} (nothing accepts connections there). Start it, or check the address in Settings → Models, then press Continue.`);
  });

  it("an overload past the retries is a ModelOverloadedError naming the server", async () => {
    server.script({ error: { status: 529, type: "overloaded_error", message: "Overloaded" } });
    const failure = await rejectionOf(new Agent({ model: MODEL, provider: provider() }).run(new State("Hi")));
    expect(failure).toBeInstanceOf(ModelOverloadedError);
    expect(failure.message).toBe("Ollama is overloaded right now (529 Overloaded). Wait a little, then press Continue.");
  });

  it("says the key was refused", async () => {
    await server.close();
    server = await startOpenAIServer({ apiKey: "right" });
    const failure = await rejectionOf(new Agent({ model: MODEL, provider: provider({ apiKey: "wrong", serverName: "OpenRouter" }) }).run(new State("Hi")));
    expect(failure).toBeInstanceOf(ModelKeyRefusedError);
    expect(failure.message).toContain("OpenRouter refused the API key");
  });

  it("sends images as data URLs and refuses a PDF before any request, naming the file and the model", async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const files: Record<string, Uint8Array> = { img: png, doc: new Uint8Array([37, 80, 68, 70]) };
    const agent = new Agent({ model: MODEL, provider: provider(), resolveAttachment: (ref) => files[ref.id] });
    server.script({ text: "A picture." });
    const state = new State("Look", { attachments: [{ id: "img", name: "chart.png", kind: "image", mediaType: "image/png", size: 4 }] });
    expect(await agent.run(state)).toBe("A picture.");
    expect(server.requests[0].body.messages[0].content).toEqual([
      { type: "image_url", image_url: { url: `data:image/png;base64,${Buffer.from(png).toString("base64")}` } },
      { type: "text", text: "Look" },
    ]);
    state.addUserMessage("And this?", { attachments: [{ id: "doc", name: "report.pdf", kind: "pdf", mediaType: "application/pdf", size: 4 }] });
    const failure = await rejectionOf(agent.run(state));
    expect(failure).toBeInstanceOf(UnsupportedAttachmentError);
    expect(failure.message).toContain(`The attached file "report.pdf" is a PDF document, which ${MODEL} cannot read. Nothing was sent.`);
    expect(server.requests).toHaveLength(1);
  });

  it("takes usage from the final chunk and shows streamed reasoning as thinking", async () => {
    server.script({ thinking: "Let me see.", text: "Four." });
    const log = new EventLog();
    const state = new State("2+2?");
    await new Agent({ model: MODEL, provider: provider() }).run(state, { onEvent: log.onEvent });
    expect(server.requests[0].body.stream_options).toEqual({ include_usage: true });
    expect(log.ofType("thinking_delta").map((e) => e.text).join("")).toBe("Let me see.");
    const reply = state.history[1];
    expect(reply.kind === "assistant" && reply.content).toEqual([{ type: "text", text: "Four." }]); // reasoning without a signature is not kept
    expect(reply.kind === "assistant" && reply.usage!.inputTokens).toBeGreaterThan(0);
    expect(reply.kind === "assistant" && reply.usage!.outputTokens).toBeGreaterThan(0);
    expect(reply).toMatchObject({ stopReason: "end_turn" });
  });

  it("an error in the middle of the stream fails the step; nothing of it is kept", async () => {
    server.script({ streamError: { type: "server_error", message: "the model crashed" }, afterText: "Half a" });
    const state = new State("Hi");
    const failure = await rejectionOf(new Agent({ model: MODEL, provider: provider() }).run(state));
    expect(failure.message).toContain("the model crashed");
    expect(state.history.map((e) => e.kind)).toEqual(["user", "error"]);
  });

  it("lists the server's models; an empty list when it has none", async () => {
    expect((await provider().models()).map((m) => m.id)).toEqual(["llama3.2:3b", "qwen2.5:7b"]);
    server.setModels([]);
    expect(await provider().models()).toEqual([]);
  });
});
