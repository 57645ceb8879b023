/**
 * The model of the acknowledgements scenario: a short reply to everything, except a person's
 * message marked ASK_MARK, which it answers with a question (the built-in `ask`), so the
 * scenario has questions to answer. A reply is a function of the request alone, so a run
 * continued after a kill gets the reply that fits.
 */
import { startModelServer, type ModelServer, type RecordedRequest, type ScriptedReply } from "../test/support/model-server";
import { ASK_MARK } from "./ack-actions";

function ackReply(request: RecordedRequest): ScriptedReply {
  const messages: any[] = Array.isArray(request.body?.messages) ? request.body.messages : [];
  const last = messages.at(-1);
  const blocks: any[] = typeof last?.content === "string" ? [{ type: "text", text: last.content }] : Array.isArray(last?.content) ? last.content : [];
  const asks = last?.role === "user" && !blocks.some((b) => b?.type === "tool_result") && blocks.some((b) => b?.type === "text" && String(b.text).includes(ASK_MARK));
  if (asks) return { text: "One question first.", toolUses: [{ name: "ask", input: { question: "May I keep this note?", choices: ["Allow", "Deny"] } }] };
  return { text: "Noted.", chunks: 2 };
}

export function startAckModel(): Promise<ModelServer> {
  return startModelServer({ fallback: ackReply });
}
