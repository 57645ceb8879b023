/**
 * alpine:// links through the real service: each action's answer, and a fuzz of hostile links
 * (very long, percent-encoding tricks, path traversal, other schemes, unknown actions, ids
 * that do not exist, parameters given twice, control characters) that must each be refused
 * with their own clear error while nothing is sent, started or added.
 */
import { describe, expect, it } from "vitest";
import { DeepLinks, MAX_WAITING_LINKS } from "../../src/main/service/deep-links/deep-links";
import { MAX_LINK_CHARS, parseDeepLink } from "../../src/main/service/deep-links/deep-link-parser";
import { AppEventBus } from "../../src/main/service/app-event-bus";
import type { DeepLinkAction } from "../../src/shared/deep-link-types";
import { useServiceFixture } from "./helpers";

const fixtures = useServiceFixture();

const mcpLink = (params: string) => `alpine://mcp/install?${params}`;
const goodServer = `name=files&command=npx&args=${encodeURIComponent(JSON.stringify(["-y", "@modelcontextprotocol/server-filesystem", "/tmp/x y"]))}&env=${encodeURIComponent(JSON.stringify(["API_TOKEN", "HOME_DIR"]))}`;

describe("deep links: what each action asks", () => {
  it("opens a conversation that exists; refuses one that does not, naming it", async () => {
    const fixture = await fixtures.open();
    fixture.model.script({ text: "Hi" });
    const { id } = await fixture.call<{ id: string }>("runs:start", { text: "Hello" });
    await fixture.log.step(id, "run_end");
    expect(await fixture.service.deepLinks.receive(`alpine://conversation?id=${id}`)).toEqual({ kind: "open_conversation", conversationId: id });
    const missing = await fixture.service.deepLinks.receive("alpine://conversation?id=nothing-here");
    expect(missing).toMatchObject({ kind: "refused", error: { name: "DeepLinkConversationNotFoundError", message: expect.stringContaining('"nothing-here"') } });
    // The window takes them once, oldest first, after being told they wait.
    expect(fixture.log.events.filter((e) => e.type === "deep_links_waiting")).toHaveLength(2);
    const taken = await fixture.call<DeepLinkAction[]>("links:take");
    expect(taken.map((a) => a.kind)).toEqual(["open_conversation", "refused"]);
    expect(await fixture.call("links:take")).toEqual([]);
  });

  it("a new conversation gets the text to fill in, and nothing is sent or saved", async () => {
    const fixture = await fixtures.open();
    const text = "Summarise this:\n\tline two & a + sign ✓";
    const action = await fixture.service.deepLinks.receive(`alpine://new?text=${encodeURIComponent(text)}`);
    expect(action).toEqual({ kind: "new_conversation", text });
    expect(await fixture.service.deepLinks.resolve("alpine://new?text=two+words")).toEqual({ kind: "new_conversation", text: "two words" });
    expect(await fixture.service.deepLinks.resolve("alpine://new/")).toEqual({ kind: "new_conversation", text: "" });
    expect((await fixture.call("conversations:list")).total).toBe(0);
    expect(fixture.model.requests).toHaveLength(0);
  });

  it("an MCP server is proposed exactly as it would run, env names only, and added only through the usual path", async () => {
    const fixture = await fixtures.open({ service: { startMcpServers: false } });
    const action = await fixture.service.deepLinks.receive(mcpLink(goodServer));
    expect(action).toEqual({
      kind: "add_mcp_server",
      server: { name: "files", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp/x y"], envNames: ["API_TOKEN", "HOME_DIR"] },
    });
    expect((await fixture.call("tools:get")).servers).toEqual([]);
    // The person confirms: the window sends it through tools:addServer, values typed by the person.
    if (action.kind !== "add_mcp_server") throw new Error("not a proposal");
    const { name, command, args } = action.server;
    await fixture.call("tools:addServer", { name, transport: "stdio", command, args, env: { API_TOKEN: "typed", HOME_DIR: "/h" } });
    expect((await fixture.call("tools:get")).servers.map((s: { name: string }) => s.name)).toEqual(["files"]);
    // A second link for the same name is refused: nothing is replaced.
    expect(await fixture.service.deepLinks.resolve(mcpLink(goodServer))).toMatchObject({ kind: "refused", error: { name: "DeepLinkServerExistsError" } });
  });
});

/** Each hostile link and the error it must be refused with. */
const hostile: [what: string, link: string, error: string][] = [
  ["very long", `alpine://new?text=${"a".repeat(MAX_LINK_CHARS)}`, "DeepLinkTooLongError"],
  ["another scheme", "https://evil.example/conversation?id=abc", "NotAnAlpineLinkError"],
  ["file scheme", "file:///etc/passwd", "NotAnAlpineLinkError"],
  ["javascript scheme", "javascript:alert(1)", "NotAnAlpineLinkError"],
  ["scheme look-alike", "alpine:/conversation?id=abc", "NotAnAlpineLinkError"],
  ["scheme with encoded colon", "alpine%3A//new?text=x", "NotAnAlpineLinkError"],
  ["empty", "", "NotAnAlpineLinkError"],
  ["unknown action", "alpine://delete?id=abc", "UnknownDeepLinkActionError"],
  ["action with a path traversal", "alpine://conversation/../mcp/install?name=x&command=y", "UnknownDeepLinkActionError"],
  ["percent-encoded action", "alpine://mcp%2Finstall?name=x&command=sh", "UnknownDeepLinkActionError"],
  ["double-encoded action", "alpine://mcp%252Finstall?name=x&command=sh", "UnknownDeepLinkActionError"],
  ["user info in place of the action", "alpine://user:pass@new?text=x", "UnknownDeepLinkActionError"],
  ["id with a path traversal", "alpine://conversation?id=..%2F..%2Fetc%2Fpasswd", "InvalidDeepLinkParameterError"],
  ["id with a dot-dot", "alpine://conversation?id=..", "InvalidDeepLinkParameterError"],
  ["id that is too long", `alpine://conversation?id=${"a".repeat(129)}`, "InvalidDeepLinkParameterError"],
  ["id with an encoded null", "alpine://conversation?id=abc%00def", "InvalidDeepLinkParameterError"],
  ["missing id", "alpine://conversation", "InvalidDeepLinkParameterError"],
  ["id that does not exist", "alpine://conversation?id=abc", "DeepLinkConversationNotFoundError"],
  ["broken percent-encoding", "alpine://new?text=%E0%A4%A", "InvalidDeepLinkParameterError"],
  ["a lone percent sign", "alpine://new?text=100%", "InvalidDeepLinkParameterError"],
  ["duplicate parameter", "alpine://conversation?id=a&id=b", "DuplicateDeepLinkParameterError"],
  ["duplicate parameter, one encoded", "alpine://new?text=a&%74ext=b", "DuplicateDeepLinkParameterError"],
  ["unknown parameter", "alpine://new?text=a&send=true", "InvalidDeepLinkParameterError"],
  ["parameter meant to send at once", "alpine://new?text=a&autosend=1", "InvalidDeepLinkParameterError"],
  ["a fragment", "alpine://new?text=a#send", "MalformedDeepLinkError"],
  ["raw control character", "alpine://new?text=a\u0007b", "MalformedDeepLinkError"],
  ["raw space", "alpine://new?text=a b", "MalformedDeepLinkError"],
  ["raw newline", "alpine://conversation?id=a\nb", "MalformedDeepLinkError"],
  ["encoded escape character in the text", "alpine://new?text=%1B%5B2J", "InvalidDeepLinkParameterError"],
  ["direction override in the text", "alpine://new?text=abc%E2%80%AEdef", "InvalidDeepLinkParameterError"],
  ["server without a command", mcpLink("name=files"), "InvalidDeepLinkParameterError"],
  ["server command with a direction override", mcpLink("name=files&command=np%E2%80%AEx"), "InvalidDeepLinkParameterError"],
  ["server command with a newline", mcpLink("name=files&command=npx%0Arm%20-rf%20~"), "InvalidDeepLinkParameterError"],
  ["server args that are not JSON", mcpLink("name=files&command=npx&args=-y"), "InvalidDeepLinkParameterError"],
  ["server args not an array", mcpLink(`name=files&command=npx&args=${encodeURIComponent('{"a":1}')}`), "InvalidDeepLinkParameterError"],
  ["server args with a null", mcpLink(`name=files&command=npx&args=${encodeURIComponent('["a\\u0000b"]')}`), "InvalidDeepLinkParameterError"],
  ["server with env values", mcpLink(`name=files&command=npx&env=${encodeURIComponent('{"NODE_OPTIONS":"--require /tmp/x.js"}')}`), "InvalidDeepLinkParameterError"],
  ["server env name that is not a name", mcpLink(`name=files&command=npx&env=${encodeURIComponent('["A=B"]')}`), "InvalidDeepLinkParameterError"],
  ["server env named twice", mcpLink(`name=files&command=npx&env=${encodeURIComponent('["A","A"]')}`), "InvalidDeepLinkParameterError"],
  ["server name with a slash", mcpLink("name=..%2Ffiles&command=npx"), "InvalidDeepLinkParameterError"],
  ["server with a url parameter", mcpLink("name=files&command=npx&url=http%3A%2F%2Fevil"), "InvalidDeepLinkParameterError"],
  ["server link given twice a command", mcpLink("name=files&command=npx&command=sh"), "DuplicateDeepLinkParameterError"],
  ["parameter name with odd characters", "alpine://new?te%00xt=a", "InvalidDeepLinkParameterError"],
];

describe("deep links: hostile links", () => {
  it("refuses each with its clear reason, and nothing is sent, started or added", async () => {
    const fixture = await fixtures.open({ service: { startMcpServers: false } });
    for (const [what, link, error] of hostile) {
      const action = await fixture.service.deepLinks.receive(link);
      expect(action, what).toMatchObject({ kind: "refused", error: { name: error } });
      if (action.kind !== "refused") continue;
      // The message says what to know, ends by saying nothing happened, and never carries the link's raw controls.
      expect(action.error.message.length, what).toBeLessThan(400);
      expect(action.error.message, what).not.toMatch(/[\u0000-\u001f\u202e]/);
    }
    expect((await fixture.call("conversations:list")).total).toBe(0);
    expect((await fixture.call("tools:get")).servers).toEqual([]);
    expect(fixture.model.requests).toHaveLength(0);
    expect(fixture.log.events.filter((e) => e.type === "step")).toEqual([]);
  });

  it("random byte soup after the scheme never throws and is always either a known action or refused", async () => {
    const links = new DeepLinks({ bus: new AppEventBus(), assertConversation: async () => undefined, serverNames: () => [] });
    let seed = 38;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pieces = ["alpine://", "new", "conversation", "mcp/install", "?", "&", "=", "%", "%2F", "%00", "..", "/", "id", "text", "name", "command", "args", "env", "[", "]", '"', "\u202e", "\n", "#", "+", "é", "%C3%A9"];
    for (let i = 0; i < 500; i++) {
      const link = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join("");
      const action = await links.resolve(link);
      expect(["open_conversation", "new_conversation", "add_mcp_server", "refused"], link).toContain(action.kind);
      if (action.kind === "refused") expect(action.error.name, link).toMatch(/^(DeepLink|NotAnAlpineLink|MalformedDeepLink|UnknownDeepLinkAction|InvalidDeepLinkParameter|DuplicateDeepLinkParameter)/);
      else expect(() => parseDeepLink(link), link).not.toThrow();
    }
  });

  it("a flood of links keeps only the newest for the window", async () => {
    const links = new DeepLinks({ bus: new AppEventBus(), assertConversation: async () => undefined, serverNames: () => [] });
    for (let i = 0; i < MAX_WAITING_LINKS + 5; i++) await links.receive(`alpine://new?text=${i}`);
    const taken = links.take();
    expect(taken).toHaveLength(MAX_WAITING_LINKS);
    expect(taken[0]).toEqual({ kind: "new_conversation", text: "5" });
  });
});
