// The scripted model server, exercised through the real @anthropic-ai/sdk (no mocks).
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server";
import { echoReply } from "../support/model-server-echo";
import { startModelServerProcess, type ModelServerProcess } from "../support/model-server-process";
import { splitIntoPieces } from "../support/model-server-replies";

const MODEL = "claude-sonnet-4-6";
const ask = (content: string) => ({ model: MODEL, max_tokens: 256, messages: [{ role: "user" as const, content }] });

let server: ModelServer;
const client = (maxRetries = 0) => new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries });

beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

describe("successful replies", () => {
  it("streams text in pieces and the final message matches", async () => {
    server.script({ text: "Hello there, mountain air!", chunks: 4 });
    const stream = client().messages.stream(ask("hi"));
    const pieces: string[] = [];
    stream.on("text", (delta) => pieces.push(delta));
    const message = await stream.finalMessage();

    expect(pieces).toHaveLength(4);
    expect(pieces.join("")).toBe("Hello there, mountain air!");
    expect(message.content).toEqual([{ type: "text", text: "Hello there, mountain air!" }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.model).toBe(MODEL);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    const [request] = server.requests;
    expect(request.path).toBe("/v1/messages");
    expect(request.headers.authorization).toBe("Bearer test-key"); // 1.14.0 sends the key as a bearer token
    expect(request.body).toMatchObject({ model: MODEL, stream: true, messages: [{ role: "user", content: "hi" }] });
  });

  it("streams tool_use input as several input_json_delta pieces that the SDK parses", async () => {
    const input = { city: "Zermatt", days: [1, 2, 3], units: { temp: "C" } };
    server.script({ text: "Let me check.", toolUses: [{ id: "toolu_weather", name: "weather", input }, { name: "clock", input: {} }] });
    const stream = client().messages.stream(ask("weather?"));
    const jsonPieces: string[] = [];
    stream.on("streamEvent", (event) => {
      if (event.type === "content_block_delta" && event.delta.type === "input_json_delta") jsonPieces.push(event.delta.partial_json);
    });
    const message = await stream.finalMessage();

    expect(message.stop_reason).toBe("tool_use");
    expect(message.content[0]).toEqual({ type: "text", text: "Let me check." });
    expect(message.content[1]).toMatchObject({ type: "tool_use", id: "toolu_weather", name: "weather", input });
    expect(message.content[2]).toMatchObject({ type: "tool_use", name: "clock", input: {} });
    expect((message.content[2] as Anthropic.ToolUseBlock).id).toMatch(/^toolu_/);
    expect(jsonPieces.length).toBeGreaterThan(3);
  });

  it("answers a non-streamed request with a plain JSON Message", async () => {
    server.script({ text: "cut short", stopReason: "max_tokens" });
    const message = await client().messages.create(ask("hi"));
    expect(message.content).toEqual([{ type: "text", text: "cut short" }]);
    expect(message.stop_reason).toBe("max_tokens");
    expect(message._request_id).toMatch(/^req_/);
    expect(server.requests[0].body.stream).toBeUndefined();
  });

  it("keeps characters whole when splitting (emoji, accents)", async () => {
    const text = "héllo 👋🏽 wörld 🏔️";
    expect(splitIntoPieces(text, 50).join("")).toBe(text);
    expect(splitIntoPieces("", 3)).toEqual([]);
    server.script({ text, chunks: 9 });
    expect((await client().messages.stream(ask("hi")).finalMessage()).content).toEqual([{ type: "text", text }]);
  });

  it("lets a function decide the reply from the request, and counts tokens the same way", async () => {
    server.script(async (request) => ({ text: `you said ${request.body.messages[0].content}` }));
    const sdk = client();
    const message = await sdk.messages.create(ask("ciao"));
    const counted = await sdk.messages.countTokens({ model: MODEL, messages: ask("ciao").messages });
    expect(message.content).toEqual([{ type: "text", text: "you said ciao" }]);
    expect(counted.input_tokens).toBe(message.usage.input_tokens);
    expect(server.requests).toHaveLength(1);
    expect(server.tokenCountRequests).toHaveLength(1);
  });
});

describe("errors", () => {
  it("429 becomes RateLimitError after maxRetries retries", async () => {
    const limited = { error: { status: 429, type: "rate_limit_error", message: "slow down" }, retryAfterMs: 1 };
    server.script(limited, limited, limited, limited);
    const error = await client(3).messages.create(ask("hi")).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect(error.status).toBe(429);
    expect(error.apiMessage).toBe("slow down");
    expect(error.requestID).toMatch(/^req_/);
    expect(error.headers.get("retry-after-ms")).toBe("1");
    expect(server.requests.map((r) => r.headers["x-stainless-retry-count"])).toEqual(["0", "1", "2", "3"]);
    expect(server.remaining()).toBe(0);
  });

  it("529 becomes OverloadedError, a subclass of InternalServerError", async () => {
    server.script({ error: { status: 529, type: "overloaded_error", message: "Overloaded" } });
    const error = await client(0).messages.stream(ask("hi")).finalMessage().catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.OverloadedError);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error.status).toBe(529);
    expect(error.type).toBe("overloaded_error");
  });

  it("500 becomes InternalServerError, and a retry takes the next scripted reply", async () => {
    server.script({ error: { status: 500, type: "api_error", message: "boom" } });
    expect(await client(0).messages.create(ask("hi")).catch((e) => e)).toBeInstanceOf(Anthropic.InternalServerError);
    server.script({ error: { status: 500, type: "api_error", message: "boom" } }, { text: "recovered" });
    const message = await client(1).messages.create(ask("hi"));
    expect(message.content).toEqual([{ type: "text", text: "recovered" }]);
    expect(server.requests).toHaveLength(3);
  });

  it("an error frame mid-stream makes the stream throw (a plain APIError carrying the type)", async () => {
    server.script({ streamError: { type: "overloaded_error", message: "Overloaded" }, afterText: "half an ans" });
    const stream = client().messages.stream(ask("hi"));
    const pieces: string[] = [];
    stream.on("text", (delta) => pieces.push(delta));
    const error = await stream.finalMessage().catch((e) => e);
    expect(pieces.join("")).toBe("half an ans");
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error).not.toBeInstanceOf(Anthropic.OverloadedError);
    expect(error.status).toBeUndefined();
    expect(error.type).toBe("overloaded_error");
    expect(error.apiMessage).toBe("Overloaded");
  });

  it("with nothing scripted, fails at once and loudly (no SDK retries)", async () => {
    const error = await client(2).messages.create(ask("hi")).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error.apiMessage).toContain("no scripted reply left");
    expect(server.requests).toHaveLength(1);
    server.setFallback({ text: "always" });
    expect((await client().messages.create(ask("a"))).content).toEqual([{ type: "text", text: "always" }]);
    expect((await client().messages.create(ask("b"))).content).toEqual([{ type: "text", text: "always" }]);
  });

  it("refuses a tool_use without its tool_result, as the real API does, without taking a scripted reply", async () => {
    server.script({ text: "never sent" });
    const messages: Anthropic.MessageParam[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "x", input: {} }] },
      { role: "user", content: "next" },
    ];
    const error = await client().messages.create({ model: MODEL, max_tokens: 10, messages }).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.apiMessage).toContain("toolu_1");
    expect(server.remaining()).toBe(1);
    messages[2] = { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "done" }] };
    expect((await client().messages.create({ model: MODEL, max_tokens: 10, messages })).content[0]).toMatchObject({ text: "never sent" });
  });

  it("rejects a malformed scripted reply when scripting", () => {
    expect(() => server.script({ txet: "typo" } as never)).toThrow(TypeError);
    expect(() => server.script({ text: "x", chunks: 0 })).toThrow(/chunks/);
    expect(server.remaining()).toBe(0);
  });
});

describe("hangs and aborts", () => {
  it("a hang aborted by the client's AbortSignal throws APIUserAbortError and the server sees the reply end", async () => {
    server.script({ hang: true, text: "thinking about" });
    const abort = new AbortController();
    const stream = client().messages.stream(ask("hi"), { signal: abort.signal });
    stream.on("text", () => abort.abort());
    const error = await stream.finalMessage().catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
    await server.waitForIdle();
    expect(server.openReplies()).toBe(0);
  });

  it("aborting a raw event stream ends the for-await loop quietly", async () => {
    server.script({ hang: true, text: "partial" });
    const abort = new AbortController();
    const events = await client().messages.create({ ...ask("hi"), stream: true }, { signal: abort.signal });
    const seen: string[] = [];
    for await (const event of events) {
      seen.push(event.type);
      if (event.type === "content_block_delta") abort.abort();
    }
    expect(seen).toEqual(["message_start", "content_block_start", "content_block_delta"]);
    await server.waitForIdle();
  });

  it("delayMs holds later frames back until they are due", async () => {
    server.script({ text: "one two three", chunks: 3, delayMs: 60_000 });
    const abort = new AbortController();
    const stream = client().messages.stream(ask("hi"), { signal: abort.signal });
    const snapshot = await new Promise<string>((resolve) => stream.on("text", (_delta, text) => resolve(text)));
    expect(snapshot).toBe("one ");
    expect(server.openReplies()).toBe(1);
    abort.abort();
    await stream.done().catch(() => {});
    await server.waitForIdle();
  });

  it("holdAfter stops the stream after that many deltas until release(), then streams the rest", async () => {
    server.script({ text: "one two three four", chunks: 4, holdAfter: 2 });
    const stream = client().messages.stream(ask("hi"));
    const pieces: string[] = [];
    const twoShown = new Promise<void>((resolve) => stream.on("text", (delta) => pieces.push(delta) === 2 && resolve()));
    const finished = stream.finalMessage();
    await twoShown;
    // Held: the third piece does not come, however long one waits for it (here: a following request's round trip).
    expect(await client().messages.countTokens(ask("meanwhile"))).toMatchObject({ input_tokens: expect.any(Number) });
    expect(pieces).toEqual(splitIntoPieces("one two three four", 4).slice(0, 2));
    expect(server.openReplies()).toBe(1);
    expect(server.release()).toBe(1);
    expect((await finished).content).toEqual([{ type: "text", text: "one two three four" }]);
    expect(pieces).toHaveLength(4);
    expect(server.release()).toBe(0);
  });

  it("a release given while the reply is still on its way to its hold lets it through; a client's abort ends a held reply", async () => {
    // Released during the wait before the second piece: the hold (after two) is not reached yet.
    server.script({ text: "all at once", chunks: 3, holdAfter: 2, delayMs: 300 });
    const first = client().messages.stream(ask("hi"));
    await new Promise((resolve) => first.on("text", resolve));
    expect(server.release()).toBe(1);
    expect((await first.finalMessage()).content).toEqual([{ type: "text", text: "all at once" }]);

    server.script({ text: "never finished", chunks: 3, holdAfter: 1 });
    const abort = new AbortController();
    const second = client().messages.stream(ask("hi"), { signal: abort.signal });
    await new Promise((resolve) => second.on("text", resolve));
    abort.abort();
    await second.done().catch(() => {});
    await server.waitForIdle();
    expect(() => server.script({ text: "x", holdAfter: 0 })).toThrow(/holdAfter must be an integer >= 1/);
  });

  it("close() ends a hanging reply; the client sees the connection drop", async () => {
    server.script({ hang: true });
    const stream = client().messages.stream(ask("hi"));
    const outcome = stream.finalMessage().catch((e) => e);
    await new Promise<void>((resolve) => stream.on("connect", () => resolve()));
    await server.close();
    const error = await outcome;
    expect(error).toBeInstanceOf(Anthropic.AnthropicError);
    expect(error.message).toBe("terminated");
    await expect(server.waitForRequests(2)).rejects.toThrow(/closed/);
  });
});

describe("another process", () => {
  let child: ModelServerProcess | undefined;
  afterEach(async () => {
    await child?.stop();
    child = undefined;
  });

  it("the CLI is scripted over /_control, answered with the SDK, and exits on SIGTERM", async () => {
    child = await startModelServerProcess({ echo: true });
    expect(child.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await child.control.script({ text: "scripted from afar", chunks: 2 });
    const arrived = child.control.requests(2); // waits on the server until two requests are in
    const sdk = new Anthropic({ apiKey: "test-key", baseURL: child.url, maxRetries: 0 });

    expect((await sdk.messages.stream(ask("first")).finalMessage()).content).toEqual([{ type: "text", text: "scripted from afar" }]);
    expect((await sdk.messages.create(ask("echo me"))).content).toEqual([{ type: "text", text: "echo me" }]);
    expect((await arrived).map((r) => r.body.messages[0].content)).toEqual(["first", "echo me"]);

    await child.control.setFallback({ error: { status: 429, type: "rate_limit_error", message: "later" }, retryAfterMs: 1 });
    expect(await sdk.messages.create(ask("x")).catch((e) => e)).toBeInstanceOf(Anthropic.RateLimitError);
    await expect(child.control.script({ nonsense: true } as never)).rejects.toThrow(/400/);
    await child.control.reset();
    expect(await child.control.requests()).toEqual([]);
    expect((await sdk.messages.create(ask("again"))).content).toEqual([{ type: "text", text: "again" }]);

    await child.control.script({ text: "held then done", chunks: 2, holdAfter: 1 });
    const held = sdk.messages.stream(ask("hold"));
    await new Promise((resolve) => held.on("text", resolve));
    expect(await child.control.release()).toBe(1);
    expect((await held.finalMessage()).content).toEqual([{ type: "text", text: "held then done" }]);

    await child.control.script({ hang: true, text: "still typing" });
    const hanging = sdk.messages.stream(ask("hang"));
    const outcome = hanging.finalMessage().catch((e) => e);
    await new Promise((resolve) => hanging.on("text", resolve));
    expect(await child.stop()).toBe(0); // exits cleanly even with a reply still open
    child = undefined;
    expect(await outcome).toBeInstanceOf(Anthropic.AnthropicError);
  });
});

it("echoReply repeats the last user text, including text blocks", async () => {
  server.setFallback(echoReply());
  const messages: Anthropic.MessageParam[] = [
    { role: "user", content: "old" },
    { role: "assistant", content: "ok" },
    { role: "user", content: [{ type: "text", text: "new words" }] },
  ];
  expect((await client().messages.stream({ model: MODEL, max_tokens: 9, messages }).finalMessage()).content).toEqual([
    { type: "text", text: "new words" },
  ]);
});
