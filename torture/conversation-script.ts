/**
 * The scripted conversation every torture run plays: the model's reply is a function of the
 * request alone, so a resumed run (in a new process, after any kill) gets the reply that fits
 * where the conversation stands. Each round starts with a person's message
 * "[round r] ... in N turns."; the model then asks for N turns of tools (fast, slow, failing)
 * and ends the round with text.
 */
import { randomBytes } from "node:crypto";
import type { RecordedRequest, ScriptedReply } from "../test/support/model-server";

export const FAST_TOOL = "fast_note";
export const SLOW_TOOL = "slow_note";
export const FAILING_TOOL = "failing_note";

/** The MCP server of the mcp scenario: the model knows its tools as `torture__<tool>`. */
export const MCP_SERVER_NAME = "torture";
export const mcpToolName = (tool: string) => `${MCP_SERVER_NAME}__${tool}`;

/** The request offers the MCP server's tools (the mcp scenario) rather than the local ones. */
const offersMcpTools = (body: any) => Array.isArray(body?.tools) && body.tools.some((t: any) => t?.name === mcpToolName(FAST_TOOL));

export interface ConversationPace {
  /** Milliseconds between streamed frames of a reply (so kills land mid-stream). */
  frameDelayMs: number;
  /** How long the slow tool sleeps. */
  slowMs: number;
}

/** A round's opening line; found anywhere in a text, since a compaction summary quotes it. */
const ROUND_LINE = /\[round (\d+)\][^\n]*? in (\d+) turns(?:, (\d+) ms a slow note)?\./g;

/** The last round line in a text. */
function lastRoundLine(text: string): RegExpExecArray | null {
  let last: RegExpExecArray | null = null;
  for (const match of text.matchAll(ROUND_LINE)) last = match as RegExpExecArray;
  return last;
}

/** A person's message opening a round; `slowMs` overrides how long the slow tool takes in it. */
export const roundMessage = (round: number, turns: number, slowMs?: number) =>
  `[round ${round}] Please write the notes of round ${round} in ${turns} turns${slowMs === undefined ? "" : `, ${slowMs} ms a slow note`}.`;

const textsOf = (message: any): string[] => {
  if (typeof message?.content === "string") return [message.content];
  if (!Array.isArray(message?.content)) return [];
  return message.content.filter((b: any) => b?.type === "text" && typeof b.text === "string").map((b: any) => b.text);
};

/** The round the request is in, its planned turns, and how many model turns it already had. */
export function positionOf(body: any): { round: number; turns: number; turn: number; slowMs: number | null } {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role !== "user") continue;
    const mark = textsOf(messages[i]).map(lastRoundLine).filter(Boolean).at(-1);
    if (!mark) continue;
    // After a compaction the summary carries how many turns of the round were already done.
    const done = textsOf(messages[i]).map((t) => /turns done: (\d+)/.exec(t.slice(t.lastIndexOf(mark![0])))).find(Boolean);
    const turn = (done ? Number(done[1]) : 0) + messages.slice(i + 1).filter((m) => m?.role === "assistant").length;
    return { round: Number(mark![1]), turns: Number(mark![2]), turn, slowMs: mark![3] === undefined ? null : Number(mark![3]) };
  }
  return { round: -1, turns: 0, turn: 0, slowMs: null };
}

/** Tool call ids carry their place and a random tail: unique even when a dropped request is asked again. */
const callId = (round: number, turn: number, tool: string) => `toolu_r${round}t${turn}_${tool}_${randomBytes(4).toString("hex")}`;

/** The library's compaction request: its own system prompt, no tools, the transcript as one message. */
export function isCompactionRequest(body: any): boolean {
  return typeof body?.system === "string" && /condense/i.test(body.system) && !Array.isArray(body?.tools);
}

/** Added to a task: the model request at that turn of round 0 fails once (400), for a run that is already failing. */
export const failsOnce = (turn: number, tag: string) => ` The model fails once at turn ${turn} [${tag}].`;
const FAILS_ONCE = /The model fails once at turn (\d+) \[([\w-]+)\]/;

/** The reply function for the scripted model server. */
export function conversationReply(shape: ConversationPace): ScriptedReply {
  const failed = new Set<string>();
  return (request: RecordedRequest): ScriptedReply => {
    if (isCompactionRequest(request.body)) {
      // Keep the round line and the turns done in it, so the conversation goes on from there.
      const transcript = (request.body.messages ?? []).flatMap(textsOf).join("\n");
      const line = lastRoundLine(transcript);
      if (!line) return { text: "The person asked for notes.", delayMs: shape.frameDelayMs };
      let done = 0;
      for (const m of transcript.matchAll(new RegExp(`Working on round ${line[1]} turn (\\d+)\\.`, "g"))) done = Math.max(done, Number(m[1]) + 1);
      for (const m of transcript.matchAll(new RegExp(`\\[round ${line[1]}\\][^\\n]*?\\(turns done: (\\d+)\\)`, "g"))) done = Math.max(done, Number(m[1]));
      return { text: `The person asked for notes. ${line[0]} (turns done: ${done})`, delayMs: shape.frameDelayMs };
    }
    const { round, turns, turn, slowMs } = positionOf(request.body);
    if (round < 0) return { text: "I can only follow the torture script.", delayMs: shape.frameDelayMs };
    const failure = FAILS_ONCE.exec((request.body.messages ?? []).flatMap(textsOf).join("\n"));
    if (failure && round === 0 && turn === Number(failure[1]) && !failed.has(failure[2])) {
      failed.add(failure[2]);
      return { error: { status: 400, type: "invalid_request_error", message: `a model request that fails once [${failure[2]}]` } };
    }
    if (turn < turns) {
      const tag = `round ${round} turn ${turn}`;
      // MCP tools take the call id too: the server counts its runs by it.
      const mcp = offersMcpTools(request.body);
      const use = (tool: string, short: string, input: Record<string, unknown>) => {
        const id = callId(round, turn, short);
        return { id, name: mcp ? mcpToolName(tool) : tool, input: mcp ? { ...input, call: id } : input };
      };
      return {
        text: `Working on ${tag}.`,
        delayMs: shape.frameDelayMs,
        toolUses: [
          use(FAST_TOOL, "fast", { note: `${tag} fast` }),
          use(SLOW_TOOL, "slow", { note: `${tag} slow`, ms: slowMs ?? shape.slowMs }),
          use(FAILING_TOOL, "failing", { note: `${tag} failing` }),
        ],
      };
    }
    return { text: `Round ${round} is done: ${turns} turns of notes written.`, chunks: 4, delayMs: shape.frameDelayMs };
  };
}
