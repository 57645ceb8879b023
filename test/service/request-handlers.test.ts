/**
 * The dispatcher every transport uses: each channel's arguments are validated, a bad
 * call gets a clear error naming the channel and the field, and nothing a window sends
 * makes it throw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestSchemas, type RequestChannel } from "../../src/shared/ipc-contract";
import { lazySchemas } from "../../src/shared/lazy-schemas";
import { z } from "zod";
import { createRequestHandlers, dispatchRequest, type RequestHandlers } from "../../src/main/service/request-handlers";
import { openService, type ServiceFixture } from "./helpers";

let fixture: ServiceFixture;
beforeAll(async () => {
  fixture = await openService();
});
afterAll(async () => {
  await fixture.close();
});

/** For every channel: arguments it must refuse, and the field the error must name. */
const badArguments: Record<RequestChannel, [args: unknown, mentions: string][]> = {
  "app:info": [[{ extra: 1 }, "extra"]],
  "conversations:list": [
    [{ limit: 0 }, "limit"],
    [{ limit: 501 }, "limit"],
    [{ offset: -1 }, "offset"],
    [{ offset: 1.5 }, "offset"],
    [{ query: 7 }, "query"],
    [{ query: "x".repeat(501) }, "query"],
  ],
  "conversations:get": [
    [{}, "id"],
    [{ id: "../etc/passwd" }, "id"],
    [{ id: "a".repeat(129) }, "id"],
    [{ id: "abc", tail: 0 }, "tail"],
    [{ id: "abc", tail: 2_001 }, "tail"],
    [{ id: "abc", tail: 1.5 }, "tail"],
    [{ id: "abc", tail: "200" }, "tail"],
  ],
  "conversations:entries": [
    [{ beforeSeq: 10 }, "id"],
    [{ id: "abc" }, "beforeSeq"],
    [{ id: "abc", beforeSeq: -1 }, "beforeSeq"],
    [{ id: "abc", beforeSeq: 2.5 }, "beforeSeq"],
    [{ id: "abc", beforeSeq: "10" }, "beforeSeq"],
    [{ id: "abc", beforeSeq: 10, limit: 0 }, "limit"],
    [{ id: "abc", beforeSeq: 10, limit: 2_001 }, "limit"],
    [{ id: "abc", beforeSeq: 10, after: 3 }, "after"],
  ],
  "conversations:rename": [
    [{ id: "abc", title: "   " }, "title"],
    [{ id: "abc" }, "title"],
    [{ id: "abc", title: "x".repeat(301) }, "title"],
  ],
  "conversations:delete": [[{ id: "" }, "id"]],
  "runs:start": [
    [{ text: "" }, "text"],
    [{ text: "look", attachments: [{ id: "../../etc/passwd", name: "x" }] }, "attachments"],
    [{ text: "look", thinkingBudget: -5 }, "thinkingBudget"],
    [{ text: "look", provider: "Not An Id" }, "provider"],
    [{ text: 5 }, "text"],
    [{ text: "x".repeat(200_001) }, "text"],
  ],
  "runs:send": [
    [{ id: "abc", text: "" }, "text"],
    [{ text: "hi" }, "id"],
  ],
  "runs:stop": [[{ id: "a b" }, "id"]],
  "runs:answer": [
    [{ id: "abc" }, "answer"],
    [{ id: "abc", answer: "" }, "answer"],
  ],
  "runs:continue": [[{ id: null }, "id"]],
  "runs:edit": [
    [{ id: "abc", text: "hi" }, "seq"],
    [{ id: "abc", seq: -1, text: "hi" }, "seq"],
    [{ id: "abc", seq: 1.5, text: "hi" }, "seq"],
    [{ id: "abc", seq: 1, text: "" }, "text"],
  ],
  "runs:regenerate": [
    [{ id: "abc" }, "seq"],
    [{ id: "a/b", seq: 1 }, "id"],
  ],
  "conversations:branch": [
    [{ id: "abc", seq: "3" }, "seq"],
    [{ seq: 3 }, "id"],
  ],
  "conversations:switch": [[{ id: "" }, "id"]],
  "settings:get": [[{ apiKey: "x" }, "apiKey"]],
  "settings:set": [
    [{ model: "" }, "model"],
    [{ folder: 3 }, "folder"],
    [{ apiKey: "sk-ant" }, "apiKey"],
  ],
  "settings:setApiKey": [
    [{}, "apiKey"],
    [{ apiKey: "x".repeat(501) }, "apiKey"],
  ],
  "settings:chooseFolder": [[{ folder: "/" }, "folder"]],
  "attachments:add": [
    [{ dataBase64: "AAAA" }, "name"],
    [{ name: "a.png" }, "dataBase64"],
    [{ name: "a.png", dataBase64: "AAAA", path: "/etc/passwd" }, "path"],
  ],
  "conversations:setOptions": [
    [{ id: "abc", thinkingBudget: -1 }, "thinkingBudget"],
    [{ id: "abc", thinkingBudget: 1.5 }, "thinkingBudget"],
    [{ id: "abc", model: "" }, "model"],
    [{ id: "abc", model: "llama3", provider: "../x" }, "provider"],
  ],
  "models:list": [[{ all: true }, "all"]],
  "prices:get": [[{ model: "x" }, "model"]],
  "prices:set": [
    [{ prices: { "claude-x": { input: -1, output: 1, cacheWrite: 1, cacheRead: 1 } } }, "input"],
    [{ prices: { "claude-x": { input: 1 } } }, "output"],
  ],
  "app:launch": [
    [{ listLimit: 0 }, "listLimit"],
    [{ tail: 2_001 }, "tail"],
    [{ extra: true }, "extra"],
  ],
  "window:remember": [
    [{}, "openConversationId"],
    [{ openConversationId: "../x" }, "openConversationId"],
  ],
  "window:keepFirstScreen": [
    [{ conversationId: null, stylesheets: ["index-a.css"] }, "html"],
    [{ conversationId: null, stylesheets: [], html: "<div></div>" }, "stylesheets"],
    [{ conversationId: null, stylesheets: ["../x.css"], html: "<div></div>" }, "stylesheets"],
    [{ conversationId: "../x", stylesheets: ["index-a.css"], html: "<div></div>" }, "conversationId"],
    [{ conversationId: null, stylesheets: ["index-a.css"], html: "x".repeat(1_000_001) }, "html"],
  ],
  "conversations:interrupted": [[{ all: true }, "all"]],
  "app:shown": [[{ at: 1 }, "at"]],
  "conversations:usage": [
    [{}, "id"],
    [{ id: "../x" }, "id"],
  ],
  "tools:get": [[{ secrets: true }, "secrets"]],
  "tools:addServer": [
    [{ name: "", transport: "stdio", command: "npx" }, "name"],
    [{ name: "a", transport: "pigeon", command: "npx" }, "transport"],
    [{ name: "a", transport: "stdio", args: "x" }, "args"],
    [{ name: "a", transport: "http", headers: { k: 1 } }, "headers"],
  ],
  "tools:editServer": [[{ name: "a", transport: "stdio", env: { K: 5 } }, "env"]],
  "tools:reviewConfig": [
    [{ text: "" }, "text"],
    [{ text: 5 }, "text"],
  ],
  "tools:importConfig": [
    [{ text: "" }, "text"],
    [{ text: "{}", confirmation: "not-a-digest" }, "confirmation"],
    [{ text: "{}" }, "confirmation"],
  ],
  "tools:removeServer": [[{}, "name"]],
  "tools:setServer": [[{ name: "a", approval: "always" }, "approval"]],
  "tools:setTool": [[{ server: "a", tool: "", enabled: true }, "tool"]],
  "tools:setCallTimeout": [[{ ms: 1.5 }, "ms"]],
  "tools:restartServer": [[{ name: 7 }, "name"]],
  "tools:stderr": [[{ name: "x".repeat(65) }, "name"]],
  "tools:openBundle": [[{ path: "" }, "path"]],
  "tools:reviewBundle": [[{ name: "", data: "UEsFBg==" }, "name"], [{ name: "a.mcpb" }, "data"]],
  "tools:installBundle": [[{ reviewId: "not-a-uuid", settings: {} }, "reviewId"], [{ reviewId: "6f1c2b9e-3f4a-4b5c-8d6e-7f8091a2b3c4", settings: { k: { nested: 1 } } }, "settings"]],
  "tools:configureBundle": [[{ name: "a", settings: { k: [1] } }, "settings"]],
  "tools:registrySearch": [[{ query: 5 }, "query"]],
  "tools:registryServer": [[{ name: "" }, "name"]],
  "tools:setRegistryUrl": [[{ url: 1 }, "url"]],
  "settings:setKeyStorage": [
    [{}, "memoryOnly"],
    [{ memoryOnly: "yes" }, "memoryOnly"],
    [{ memoryOnly: true, extra: 1 }, "extra"],
  ],
  "updates:status": [[{ now: true }, "now"]],
  "updates:check": [[{ force: true }, "force"]],
  "updates:install": [
    [{ stopRuns: "yes" }, "stopRuns"],
    [{ stopRuns: true, version: "9" }, "version"],
  ],
  "backups:list": [[{ all: true }, "all"]],
  "transfer:export": [
    [{ scope: "tree", format: "json" }, "conversationId"],
    [{ scope: "everything", format: "json" }, "scope"],
    [{ scope: "all", format: "pdf" }, "format"],
    [{ scope: "shown", format: "json", conversationId: "../x" }, "conversationId"],
  ],
  "transfer:import": [
    [{ path: "" }, "path"],
    [{ path: 3 }, "path"],
    [{ path: "x".repeat(4097) }, "path"],
  ],
  "storage:get": [[{ extra: 1 }, "extra"]],
  "providers:get": [[{ extra: 1 }, "extra"]],
  "providers:add": [
    [{ kind: "gemini" }, "kind"],
    [{ kind: "custom", baseURL: "ftp://example.com" }, "baseURL"],
    [{ kind: "ollama", apiKey: 7 }, "apiKey"],
  ],
  "providers:edit": [
    [{ id: "Ollama!" }, "id"],
    [{ id: "ollama", models: "llama3" }, "models"],
  ],
  "providers:setKey": [[{ id: "ollama" }, "apiKey"]],
  "providers:remove": [[{}, "id"]],
  "providers:test": [[{ id: "ollama", model: "" }, "model"]],
  "models:groups": [[{ all: true }, "all"]],
  "storage:usePostgres": [
    [{ tls: "disable" }, "url"],
    [{ url: "postgres://h/db", tls: "maybe" }, "tls"],
    [{ url: "postgres://h/db", tls: "disable", password: 7 }, "password"],
  ],
  "storage:useLocal": [[{ extra: 1 }, "extra"]],
  "storage:move": [[{ direction: "sideways" }, "direction"]],
  "storage:removeSource": [[{}, "direction"]],
  "damaged:exportReadable": [
    [{ listedId: "", format: "json" }, "listedId"],
    [{ listedId: "a", format: "pdf" }, "format"],
    [{ listedId: "x".repeat(1025), format: "markdown" }, "listedId"],
  ],
  "damaged:restore": [
    [{ listedId: "" }, "listedId"],
    [{ listedId: 7 }, "listedId"],
  ],
  "database:health": [[{ extra: 1 }, "extra"]],
  "links:take": [[{ extra: 1 }, "extra"]],
  "desktop:status": [[{ extra: 1 }, "extra"]],
  "quick:openInMain": [[{ id: "../x" }, "id"], [{}, "id"]],
  "quick:hide": [[{ extra: 1 }, "extra"]],
};

describe("dispatchRequest", () => {
  it("has a table entry for every channel of the contract", () => {
    const handlers: RequestHandlers = createRequestHandlers(fixture.service);
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(requestSchemas).sort());
    expect(Object.keys(badArguments).sort()).toEqual(Object.keys(requestSchemas).sort());
  });

  for (const [channel, cases] of Object.entries(badArguments)) {
    it(`refuses bad arguments for ${channel} with a clear error`, async () => {
      for (const [args, mentions] of cases) {
        const result = await fixture.request(channel, args);
        expect(result.ok, `${channel} ${JSON.stringify(args).slice(0, 80)}`).toBe(false);
        if (result.ok) continue;
        expect(result.error.name).toBe("InvalidRequestError");
        expect(result.error.message).toContain(`Invalid arguments for "${channel}"`);
        expect(result.error.message).toContain(mentions);
      }
    });
  }

  it("makes a channel's schema at its first call, once: listing the channels makes none", () => {
    const made: string[] = [];
    const schemas = lazySchemas({
      "a:one": () => (made.push("a:one"), z.object({ n: z.number() }).strict()),
      "a:two": () => (made.push("a:two"), z.object({}).strict()),
    });
    expect(Object.keys(schemas)).toEqual(["a:one", "a:two"]);
    expect(Object.prototype.hasOwnProperty.call(schemas, "a:two")).toBe(true);
    expect(made).toEqual([]);
    const first = schemas["a:one"];
    expect(schemas["a:one"]).toBe(first);
    expect(first.safeParse({ n: 1 }).success).toBe(true);
    expect(made).toEqual(["a:one"]);
    // The contract's own map is one of these: its schema a real zod schema at first use.
    expect(requestSchemas["updates:install"].parse({})).toEqual({ stopRuns: false });
  });

  it("refuses arguments that are not an object, and unknown channels, without throwing", async () => {
    const handlers = createRequestHandlers(fixture.service);
    for (const args of [null, 42, "text", [], true]) {
      const result = await dispatchRequest(handlers, "runs:start", args);
      expect(result).toMatchObject({ ok: false, error: { name: "InvalidRequestError" } });
    }
    for (const channel of ["app:quit", "__proto__", "constructor", 7, null, undefined]) {
      const result = await dispatchRequest(handlers, channel, {});
      expect(result).toMatchObject({ ok: false, error: { name: "InvalidRequestError", message: expect.stringMatching(/^Unknown request channel/) } });
    }
  });

  it("turns anything a handler throws into an error result", async () => {
    const handlers = createRequestHandlers(fixture.service);
    const throwing: RequestHandlers = {
      ...handlers,
      "app:info": () => {
        throw "a plain string";
      },
      "settings:get": async () => {
        throw new RangeError("out of range");
      },
    };
    expect(await dispatchRequest(throwing, "app:info", {})).toEqual({ ok: false, error: { name: "Error", message: "a plain string" } });
    expect(await dispatchRequest(throwing, "settings:get", {})).toEqual({ ok: false, error: { name: "RangeError", message: "out of range" } });
  });

  it("applies the contract's defaults and trimming before the service sees the arguments", async () => {
    const result = await fixture.request("conversations:list", {});
    expect(result).toEqual({ ok: true, value: { items: [], total: 0 } });
    expect(await fixture.request("app:info", undefined)).toMatchObject({ ok: true, value: { version: "test" } });
  });

  it("never sends the API key back to the window", async () => {
    await fixture.call("settings:setApiKey", { apiKey: "sk-ant-secret-value" });
    for (const channel of ["settings:get", "app:info"]) {
      const result = await fixture.request(channel, {});
      expect(JSON.stringify(result)).not.toContain("sk-ant-secret-value");
      expect(result).toMatchObject({ ok: true, value: { hasApiKey: true } });
    }
    const set = await fixture.request("settings:setApiKey", { apiKey: "sk-ant-other" });
    expect(JSON.stringify(set)).not.toContain("sk-ant-other");
  });
});
